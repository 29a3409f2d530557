import numpy as np
import hickle as hkl
from function import compute_train_ssim, saveimages, compute_mssim
from skimage.measure import compare_mse as mse
import os
from Model_ALL import build_gan,build_argcPredNet

# radar sequence files
seq_train = hkl.load(os.path.join('DATA_DIR', 'X_train.hkl')) # (n_seq, 12 frames, rows, cols, 1)
seq_val = hkl.load(os.path.join('DATA_DIR', 'X_val.hkl'))     # (one sequence, frames, rows, cols, 1)


# sizes
rows = 96
cols = 96
chans = 1
n_in = 5
frame_shape = (rows, cols, chans)
noise_shape = (6,) + (rows, cols, chans)
critic_in_shape = (rows, cols, 2)
BS = 10
nt = 6
# network sizes
stack_sizes = (1, 128, 128, 256)
R_stack_sizes = stack_sizes
A_filt_sizes = (3, 3, 3)
Ahat_filt_sizes = (3, 3, 3, 3)
R_filt_sizes = (3, 3, 3, 3)

# the recurrent predictor
def build_argcPredNet(nt, rows, cols):
    in_shape = (rows, cols, 1)
    core = Argc_PredNet(stack_sizes, R_stack_sizes,
                      A_filt_sizes, Ahat_filt_sizes, R_filt_sizes,
                      output_mode='prediction', return_sequences=True)
    seq_in = Input(shape=(nt,) + in_shape)
    seq_out = core(seq_in)
    net = Model(input=seq_in, output=seq_out)
    net.compile(loss=extrap_loss, optimizer='adam')
    return net


# plain (non-adversarial) training
def plain_fit(net, rows, cols, BS):
    val_in = np.concatenate([seq_val[:, 0: 5], np.zeros((seq_val.shape[0], 1, rows, cols, 1))], axis=1)
    ref_img = seq_val[0, 5, :, :, 0] * 255
    for ep in range(total_epoch):
        val_pred = net.predict(val_in, verbose=0)
        pred_img = val_pred[0] * 255
        saveimages(ref_img, pred_img[5, :, :, 0],COMPARE_DIR)
        for k in range(7):
            shifted = np.concatenate([seq_train[:,k:5+k], np.zeros((seq_train.shape[0], 1, rows, cols, 1))], axis=1)
            hist = net.fit(shifted, seq_train[:, k:6+k], batch_size=BS, epochs=1, verbose=0)
        pred_img = pred_img/255
        ref_img = ref_img/255
        err = mse(ref_img, pred_img[5, :, :, 0])
        sim = compute_mssim(ref_img, pred_img[5, :, :, 0])
        print("[epoch %s][loss %f] [MSE %f] [SSIM %f]" % (ep, hist.history['loss'][0], err, sim))
        net.save_weights( WEIGHTS_DIR + str(ep) + '.h5')


# run
net = build_argcPredNet(nt, rows, cols)
plain_fit(net, rows, cols, BS)
