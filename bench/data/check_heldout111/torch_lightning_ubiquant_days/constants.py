N_INVESTMENT = 3774
FEATURES = [f'f_{i}' for i in range(300)]
