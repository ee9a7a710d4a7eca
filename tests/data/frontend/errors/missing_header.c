#include <stdio.h>
#include "no_such_header.h"

void kernel(void) {}
