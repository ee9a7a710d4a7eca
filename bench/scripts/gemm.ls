S1.interchange(k, j)
