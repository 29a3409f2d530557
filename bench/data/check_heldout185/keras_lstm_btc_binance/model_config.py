BINANCE_URL = "https://api.binance.com/api/v3/klines"
SYMBOL = "BTCUSDT"
INTERVAL = "30m"
LIMIT = 1000
DAYS = 2900

CSV_PATH = '../dataset/datasets/bitcoin_binance_'
MODEL_PATH = 'models/btc_model_'
SCALER_PATH = 'scales/btc_scale_'