/* Runner test: float reduction; a reassociated version differs in the last digits. */
#define LEN 20000

float data[LEN];
float total[1];

void kernel_sum(void) {
#pragma scop
  for (int i = 0; i < LEN; i++)
    total[0] += data[i] * data[i];
#pragma endscop
}
