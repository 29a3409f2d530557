from time import time

from config import *
from dataset import load_data, categories
from evaluate import *
from model import load_model, save_model

os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'

net = load_model()
try:
    X_tr, X_te, y_tr, y_te = load_data()
    t0 = time()
    hist = net.fit(X_tr, y_tr,
                   validation_data=(X_te, y_te),
                   epochs=EPOCHS,
                   callbacks=logger(RESULT_PATH),
                   verbose=True)
    train_secs = time() - t0
    plot_history(hist.history, RESULT_PATH)
    y_hat = net.predict(X_te)
    save_metrics(y_te, y_hat, train_secs, categories, RESULT_PATH)
except KeyboardInterrupt:
    print("stopped by user")
finally:
    save_model(net)
