# inline the two row buffers: every row becomes independent
S0.inline()
S1.inline()
