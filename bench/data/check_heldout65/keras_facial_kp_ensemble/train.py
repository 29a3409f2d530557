import os
import datetime as dt
from keras.optimizers import RMSprop, Adam, SGD, Nadam, Adamax, TFOptimizer
from utils.metric import rmse
from utils.cnn import create_cnn2, train
from utils.constant import *
from utils.models import save_model


stamp = dt.datetime.now().strftime("%Y%m%d_%H%M")
run_name = 'run_{}'.format(stamp)
if not os.path.exists('models/{}'.format(run_name)):
    os.makedirs('models/{}'.format(run_name))


# an ensemble of networks for the 4-keypoint subset
member_dir = 'models/{}/{}'.format(run_name, 'small_cnn_subset01')
if not os.path.exists(member_dir):
    os.makedirs(member_dir)
for k in range(50):
    # net = create_cnn2(8, 'he_uniform', ACTIVATION, LAST_ACTIVATION)
    net = create_cnn2(8, 'he_normal', 'relu', 'relu')

    opt = RMSprop(lr=0.001, rho=0.9, epsilson=1e-8, decay=0)
    # opt = Adam(lr=0.003, beta_1=0.9, beta_2=0.999, epsilon=1e-08, decay=0.0)
    # opt = SGD(lr=0.01, decay=1e-6, momentum=0.9, nesterov=True)
    # opt = Nadam()

    net.compile(loss='mean_squared_error', optimizer=opt, metrics=[rmse])
    if k == 0:
        save_model(member_dir, "small_cnn_subset01", net)
    member_name = 'small_cnn_subset01_{:02}'.format(k)
    train(net, member_name, member_dir, COLS01, FLIP_INDICES01, opt, EPOCHS01, 256)
