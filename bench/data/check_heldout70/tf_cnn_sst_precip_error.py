# CNN regression: ocean surface temperature maps from a 100-member
# large ensemble are used to predict how far the Green's-function
# precipitation estimate misses the coupled-model precipitation

import numpy as np
import seaborn as sb
import xarray as xr
import tensorflow as tf
import tensorflow.keras as keras
import sklearn
import matplotlib.pyplot as plt
import pickle
from scipy.signal import detrend
from settings import settings

# Arrays were prepared beforehand on an HPC system
# 'gf_pr' : precipitation change estimated with the Green's function
# 'ens_pr' : precipitation simulated by the large ensemble
# 'sst_maps' : sea surface temperature fields used as model input
# 'target_err' : difference between the two precipitation series

gf_pr = np.load('data/pr_hist_rcp85_response.npy') # ensemble members x years
ens_pr = np.load('data/pr_hist_rcp85_mpige.npy') 

sst_maps = np.load('data/rcp85_tos.npy') # members x years x lat x lon (100, 250, 96, 192)
target_err = gf_pr - ens_pr

# land points are NaN: replace by zero
sst_maps = np.nan_to_num(sst_maps)
target_err = np.nan_to_num(target_err)

# remove the linear trend along the time axis
sst_maps = detrend(sst_maps, axis=1)
target_err = detrend(target_err, axis=1)

# merge the member and year axes
sst_maps = sst_maps.reshape(25000, 96, 192)
target_err = target_err.reshape(25000)


# partition into train / validation / test blocks
# by consecutive ensemble members

x_fit = sst_maps[0:3750,:,:,np.newaxis] # first block
x_check = sst_maps[3750:5000,:,:,np.newaxis] # second block
x_hold = sst_maps[5000:6250,:,:,np.newaxis] # third block

y_fit = target_err[0:3750]
y_check = target_err[3750:5000]
y_hold = target_err[5000:6250]
#y_fit = np.full(100,1)
#y_check = np.full(50,1)

print('Array shapes')
print('  x_fit  : ', x_fit.shape)
print('  x_check: ', x_check.shape)
print('  x_hold : ', x_hold.shape)

print('  y_fit  : ', y_fit.shape)
print('  y_check: ', y_check.shape)
#print('  y_hold : ', y_hold.shape)

x_mu = np.nanmean(sst_maps, axis=0)
x_sd = np.std(sst_maps, axis=0)
y_mu = np.nanmean(target_err)
y_sd = np.std(target_err)

x_mu = x_mu[np.newaxis,:,:,np.newaxis]
x_sd = x_sd[np.newaxis,:,:,np.newaxis]

x_fit = np.nan_to_num((x_fit - x_mu) / x_sd)
x_check = np.nan_to_num((x_check - x_mu) / x_sd)
x_hold = np.nan_to_num((x_hold - x_mu) / x_sd)

y_fit = np.nan_to_num((y_fit - y_mu) / y_sd)
y_check = np.nan_to_num((y_check - y_mu) / y_sd)
#y_hold = np.nan_to_num((y_hold - y_mu) / y_sd)

np.save('data/Xtrain', x_fit)
np.save('data/Xval', x_check)
np.save('data/Xtest', x_hold)
np.save('data/Ytrain', y_fit)
np.save('data/Yval', y_check)
#np.save('data/Ytest', y_hold)





#---------------- network definition ---------------------------------

def make_net(x_in, y_in, cfg):
    # input tensor
    inp = tf.keras.layers.Input(shape=x_in.shape[1:])

    ## optional normalisation layer
    #norm = tf.keras.layers.Normalization(axis=(1,))
    #norm.adapt(x_in)
    #h = norm(inp)

    # identity pass-through when no normalisation is used
    h = tf.keras.layers.Layer()(inp)

    # strided conv followed by pooling, once per kernel entry
    for ksz, act in zip(cfg['kernels'], cfg['kernel_act']):
        h = tf.keras.layers.Conv2D(
            filters=1, 
            kernel_size=ksz, 
            strides=2,
            activation=act, 
            padding='same',
            #input_shape=[96, 192, 1],
        )(h)

        #h = tf.keras.layers.Conv2D(
        #    filters=1, 
        #    kernel_size=ksz, 
        #    strides=1,
        #    activation=act, 
        #    padding='same',
        #    input_shape=[96, 192, 1],
        #)(h)

        # downsampling
        h = tf.keras.layers.MaxPool2D(pool_size=2, padding='same')(h)

    map_shape = h.shape

    # fully connected head
    h = tf.keras.layers.Flatten()(h)
    for width, act in zip(cfg['hiddens'], cfg['act_fun']):
        h = tf.keras.layers.Dense(
            units=width,
            activation=act,
            kernel_regularizer=tf.keras.regularizers.l1_l2(l1=0, l2=0),
            bias_initializer=tf.keras.initializers.RandomNormal(seed=cfg['random_seed']),
            kernel_initializer=tf.keras.initializers.RandomNormal(seed=cfg['random_seed']),
        )(h)

    # scalar output
    out = tf.keras.layers.Dense(
        units=1,
        bias_initializer=tf.keras.initializers.RandomNormal(seed=cfg['random_seed'] + 1),
        kernel_initializer=tf.keras.initializers.RandomNormal(seed=cfg['random_seed'] + 2),
        )(h)

    # assemble
    net = tf.keras.Model(inputs=inp, outputs=out)
    net.summary()

    return net

#------------------------ compile ----------------------------

def prepare_net(net, cfg):
    net.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=cfg['learning_rate']),
        loss=cfg['loss'],
        metrics=cfg['loss'],
            #tf.keras.metrics.MSE(),
        #],
    )
    return net



#--------------------------- run ------------------------------

tf.keras.backend.clear_session()
tf.keras.utils.set_random_seed(settings['random_seed'])

net = make_net(x_fit, y_fit, settings)
net = prepare_net(net, settings)

net.save('sst_cnn_small.keras')

net = tf.keras.models.load_model('sst_cnn_small.keras')


#---------------------- training ----------------------------

hist = net.fit(
    x_fit,
    y_fit,
    epochs=settings['n_epochs'],
    batch_size=settings['batch_size'],
    shuffle=True,
    validation_data=[x_check, y_check],    
    verbose=1,
    )

#with open('hist_small.pkl', 'wb') as fh:
#    pickle.dump(hist.history, fh)

##----------- loss curves ---------------------------------
#fig, axs = plt.subplots()
#
#axs.plot(hist.history["loss"], label="train")
#axs.plot(hist.history["val_loss"], label="val")
#axs.set_xlabel("Epoch")
#axs.set_ylabel("Loss")
#axs.legend()
#
#plt.show()


#------------ predictions --------------------------
pred_fit = net.predict(x_fit)
pred_check = net.predict(x_check)
#pred_hold = net.predict(x_hold)
#
#np.save('data/errTrain', pred_fit)
#np.save('data/errVal', pred_check)
#np.save('data/errTest', pred_hold)
#
#pred_fit = np.load('data/errTrain.npy')
#pred_check = np.load('data/errVal.npy')

fig, ax = plt.subplots()

ax.plot(np.arange(0, 150), pred_check[0:150])
ax.plot(np.arange(0, 150), y_check[0:150])

ax.set_xlabel('Sample')
ax.set_ylabel('Regional precipitation error (normalised)')

plt.show()
plt.close()


#------------- predicted vs simulated ------------
pred_hold = net.predict(x_hold)

fig, ax = plt.subplots()

ax.scatter(pred_hold, y_hold)

ax.set_xlabel('network output')
ax.set_ylabel('coupled model value')

plt.show()
plt.close()
