class Config:
    params = {
        "max_chain_length": 810,  # sequences cut/padded to this many residues
        "num_epochs": 1000,  # passes over the data
        "eval_step": 10,  # evaluate every this many epochs
        "batch_size": 32,
        "weight_decay": 1e-2,
        "learning_rate": 1e-3,
    }

    # variant 1: convolutions then dense
    model1 = {
        "cnn": [
            # in_ch, out_ch, kernel, dropout
            [20, 4, 3, 0.25],
            [4, 2, 3, 0.25],
            [2, 1, 3, 0.25],
        ],
        "linear": [
            # in_feat, out_feat, dropout
            [params["max_chain_length"], params["max_chain_length"] // 2, 0.25],
        ],
    }

    # variant 2: convolutions, GRU, dense
    model2 = {
        "cnn": [
            # in_ch, out_ch, kernel, dropout
            [20, 4, 7, 0.2],
            [4, 3, 5, 0.2],
            [3, 1, 5, 0.2],
        ],
        # input, hidden, layers
        "rnn": [1, 2, 3],
    }

    # variant 3: residue embedding, convolutions, dense
    model3 = {
        "embed": [20, 2],
        "cnn": [
            # in_ch, out_ch, kernel, dropout
            [2, 2, 3, 0.2],
            [2, 2, 3, 0.2],
            [2, 2, 3, 0.2],
        ],
        "linear": [
            # in_feat, out_feat, dropout
            [params["max_chain_length"] * 2, params["max_chain_length"], 0.2],
        ],
    }
