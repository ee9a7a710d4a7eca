S0.space_time_transform({j, k}, {1, 1})
