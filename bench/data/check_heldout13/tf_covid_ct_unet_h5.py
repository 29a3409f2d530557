import os, sys

import numpy
import h5py
import random

import models
import utils

import tensorflow
import tensorflow.keras as keras

class CtSegTrainer():
    def __init__(self, **opts):
        self.opts = opts

        self.quick           = opts.get('quick', False)

        self.h5_path          = opts.get('h5_path')
        self.run_tag            = opts.get('run_tag')
        self.chatty        = opts.get('chatty', True)

        self.train_share     = opts.get('train_share', 0.7)

        self.net_cfg    = opts.get('net_cfg', {
                                            "n_filters" : 16,
                                            "n_layers_conv" : 1,
                                            "n_layers_unet" : 3,
                                            "kernel_size" : 3,
                                            "dropout" : 0.0,
                                            "batch_norm" : False,
                                            "learning_rate" : 0.00005,
                                        })

        self.lowest_loss = 999999
        self.min_gain = 0.01 # relative drop in loss that counts as progress
        self.patience = 2
    
        self.grow_batch = False
        self.decay_lr = False
        self.batch_len = 16
        self.batch_cap  = 16
        self.epoch_cap = 10

        self.n_plots = 25

        # containers for what each epoch produces
        self.record = {
                "input"         : self.h5_path,
                "train_frac"    : self.train_share,
                "config"        : self.net_cfg,
                "predictions"   : [],
                "metrics"       : { "binary_crossentropy" : [], "dice" : [] },
                "metrics_train" : { "binary_crossentropy" : [], "dice" : [] },
        }

    def read_data(self):
        self.h5_file = h5py.File(self.h5_path, "r")
        if self.h5_file is not None:
            print("[ct-seg] opened %s" % self.h5_path)
        else:
            print("[ct-seg] could not open %s" % self.h5_path)
            sys.exit(1)

        self.list_cases()

        self.train_count = int(self.train_share * float(len(self.cases)))
        self.test_count  = len(self.cases) - self.train_count

        shuffled_cases = self.cases
        random.shuffle(shuffled_cases)

        self.train_cases = shuffled_cases[:self.train_count]
        self.test_cases  = shuffled_cases[self.train_count:]

        if self.quick:
            self.train_cases = [self.train_cases[0]]
            self.test_cases = [self.test_cases[0]]
            

        self.train_X, self.train_y = self.read_features(self.train_cases)
        self.test_X, self.test_y = self.read_features(self.test_cases)

        self.side_px = self.train_X.shape[1]
        self.net_cfg["n_pixels"] = self.side_px

        self.train_slices = self.train_X.shape[0]
        self.test_slices = self.test_X.shape[0]

        if self.chatty:
            print("[ct-seg] slice size %d x %d" % (self.side_px, self.side_px))
            print("[ct-seg] %d training slices" % self.train_slices)
            print("[ct-seg] %d test slices" % self.test_slices)

    def restore_weights(self, weights_path):
        if self.model is not None:
            self.build_model()
        self.model.load_weights(weights_path)

    def train_model(self):
        self.build_model()
        self.train_until_plateau()

    def train_until_plateau(self):
        self.weights_file_pattern = "weights/" + self.run_tag + "_weights_{epoch:02d}.hdf5"
        ckpt_cb = keras.callbacks.ModelCheckpoint(self.weights_file_pattern) # one checkpoint per epoch
        cb_list = [ckpt_cb]

        keep_training = True
        self.epochs_done = 0

        while keep_training:
            self.epochs_done += 1

            if self.chatty:
                print("[ct-seg] epoch %d starts" % self.epochs_done)
            fit_out = self.model.fit([self.train_X], self.train_y,
                       epochs = 1, batch_size = self.batch_len,
                       callbacks = cb_list,
                       validation_data = (self.test_X, self.test_y))

            test_pred = self.model.predict([self.test_X], batch_size = 128)
            self.record["predictions"].append(test_pred)
    
            # still to do: score the predictions and store the scores

            val_loss = fit_out.history['val_loss'][0]
            train_loss = fit_out.history['loss'][0]

            self.record["metrics"]["binary_crossentropy"].append(val_loss)
            self.record["metrics_train"]["binary_crossentropy"].append(train_loss)

            if (val_loss * (1. + self.min_gain)) < self.lowest_loss:
                print("[ct-seg] loss better by %.2f%% (%.3f -> %.3f); one more epoch" % ( ((self.lowest_loss - val_loss) / val_loss) * 100., self.lowest_loss, val_loss) )
                self.lowest_loss = val_loss
                self.stale_epochs = 0

            else:
                print("[ct-seg] loss moved %.2f%% (%.3f -> %.3f); one more epoch without progress." % ( ((self.lowest_loss - val_loss) / val_loss) * 100., self.lowest_loss, val_loss) ) 
                self.stale_epochs += 1

            if (self.grow_batch or self.decay_lr) and self.stale_epochs >= 1: # grow the batch (maybe lower the rate too?)
                if self.batch_len * 4 <= self.batch_cap:
                    print("[ct-seg] batch %d -> %d, stale count reset, going on." % (self.batch_len, self.batch_len * 4))
                    self.batch_len *= 4
                    self.stale_epochs = 0

            if self.stale_epochs >= self.patience:
                print("[ct-seg] %d epochs in a row without a %.2f%% gain; stopping after %d epochs." % (self.patience, self.min_gain*100., self.epochs_done))
                keep_training = False
        
            if self.epoch_cap > 0 and self.epochs_done >= self.epoch_cap:
                print("[ct-seg] epoch cap %d hit; stopping." % (self.epoch_cap))
                keep_training = False

    def list_cases(self):
        h5_keys = self.h5_file.keys()
        self.cases = [k_name.replace("_X", "") for k_name in h5_keys if "_X" in k_name]
        print("[ct-seg] %d cases with slices and masks" % len(self.cases))

    def read_features(self, cases):
        X = []
        y = []

        self.side_px = numpy.array(self.h5_file[cases[0] + "_X"]).shape[1]

        for case in cases:
            if len(X) == 0:
                X = numpy.array(self.h5_file[case + "_X"])
                y = numpy.array(self.h5_file[case + "_y"])
            else:
                X = numpy.concatenate([X,  numpy.array(self.h5_file[case + "_X"])])
                y = numpy.concatenate([y,  numpy.array(self.h5_file[case + "_y"])])

        X = X.reshape([-1, self.side_px, self.side_px, 1])
        y = y.reshape([-1, self.side_px, self.side_px, 1])

        return X, y

    def build_model(self):
        self.model = models.unet(self.net_cfg)

    def plot_samples(self): # plot CT, mask and prediction side by side, then overlays
        picked = numpy.random.randint(0, self.test_slices, self.n_plots) 
        for n, pick in zip(range(self.n_plots), picked):
            ct_image = self.test_X[pick].reshape([self.side_px, self.side_px])
            mask_true = self.test_y[pick].reshape([self.side_px, self.side_px])
            mask_pred  = self.record["predictions"][-1][pick].reshape([self.side_px, self.side_px])

            utils.plot_image_truth_and_pred(ct_image, mask_true, mask_pred, "comp_%d" % n)

        

import argparse
cli = argparse.ArgumentParser()
cli.add_argument("--tag", help = "name for this run", type=str, default = "")
cli.add_argument("--input", help = "the HDF5 file with CT slices", type=str)
opts_cli = cli.parse_args()

runner = CtSegTrainer(
            h5_path     = opts_cli.input,
            run_tag     = opts_cli.tag,
            train_share = 0.7,
            quick       = False,
)

runner.read_data()
runner.train_model()
runner.plot_samples()
