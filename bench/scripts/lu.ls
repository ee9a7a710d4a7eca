S2.interchange(j, k)
