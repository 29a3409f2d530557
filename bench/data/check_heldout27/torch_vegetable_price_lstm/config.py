from types import SimpleNamespace

settings_dict = {
    "learning_rate": 0.001,
    "epochs": 100,
    "batch_size": 32,
    "hidden_size": 72,
    "num_layers": 5,
    "output_size": 3,
    "dropout": 0.2,
    # input size would be 10 (feature count)
    # window length would be 30
    # optimizer choice (unused): adamw

    "loss_function": "mae",
    # scheduler choice (unused): reduce on plateau
    # early-stop settings
    "early_stopping": True,
    "patience": 10,
    "min_delta": 0.001
}

SETTINGS = SimpleNamespace(**settings_dict)

ITEM_NAMES = ['건고추', '사과', '감자', '배', '깐마늘(국산)', '무', '상추', '배추', '양파', '대파']