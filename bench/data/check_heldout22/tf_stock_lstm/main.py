import lstm, os, sys

# 1) read the price series

HERE_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.append(os.path.dirname(HERE_DIR) + "/tools/")

train_X, train_y, test_X, test_y = lstm.read_price_windows(HERE_DIR + '\\btc.csv', 50, True)

# 2) define the network
layer_sizes = [1, 50, 100, 1] # features in, first LSTM width, second LSTM width, dense outputs
price_model = lstm.make_lstm_model(layer_sizes)

# 3) fit
price_model.fit(
    train_X,
    train_y,
    batch_size=512,
    nb_epoch=1,
    validation_split=0.05)

# 4) draw the rolled-out forecasts
forecasts = lstm.forecast_in_chunks(price_model, test_X, 50, 50)
lstm.plot_rolling_forecasts(forecasts, test_y, 50)