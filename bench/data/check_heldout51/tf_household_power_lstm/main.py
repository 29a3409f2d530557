from keras.models import load_model
from lstm import train_power_lstm

if __name__ == '__main__':
    resume = False
    if resume:
        net = load_model('power_lstm.h5')
    else:
        net = None
    window_len = 10  # minutes of history the network sees
    horizon = 5  # minutes ahead it predicts
    train_power_lstm(net, window_len, horizon)
