import pandas as pd
import logging
import argparse
import os
from keras.callbacks import LearningRateScheduler, ModelCheckpoint
from keras.optimizers import SGD, Adam
from keras.utils import np_utils
from ssr_model import SSR_net
from utils import ensure_dir, load_npz
import sys
import numpy as np
from keras.preprocessing.image import ImageDataGenerator
from keras.applications.mobilenet import MobileNet
import lr_callbacks
from keras.preprocessing.image import ImageDataGenerator
from batch_gens import *
from keras.utils import plot_model
from moviepy.editor import *
import cv2
logging.basicConfig(level=logging.DEBUG)




def parse_cli():
    ap = argparse.ArgumentParser(description="Train an SSR age regressor.",
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--input", "-i", type=str, required=True,
                        help="npz produced by the db builder")
    ap.add_argument("--db", type=str, required=True,
                        help="which db (imdb/wiki/morph)")
    ap.add_argument("--batch_size", type=int, default=128,
                        help="images per step")
    ap.add_argument("--nb_epochs", type=int, default=90,
                        help="epochs")
    ap.add_argument("--netType1", type=int, required=True,
                        help="stage-local weight code")
    ap.add_argument("--netType2", type=int, required=True,
                        help="delta weight code")
    ap.add_argument("--validation_split", type=float, default=0.2,
                        help="held-out fraction")

    opts = ap.parse_args()
    return opts



def main():
    opts = parse_cli()
    npz_file = opts.input
    db_tag = opts.db
    batch_size = opts.batch_size
    nb_epochs = opts.nb_epochs
    validation_split = opts.validation_split
    netType1 = opts.netType1
    netType2 = opts.netType2

    logging.debug("reading npz")
    faces, sexes, ages, side = load_npz(npz_file)
    
    xs_all = faces
    ys_age = ages

    decay_at = [30,60]

    opt = Adam()

    stages = [3,3,3]
    lam_loc = 0.25*(netType1%5)
    lam_d = 0.25*(netType2%5)

    net = SSR_net(side,stages, lam_loc, lam_d)()
    tag = 'ssrnet_%d_%d_%d_%d_%s_%s' % (stages[0],stages[1],stages[2], side, lam_loc, lam_d)
    net.compile(optimizer=opt, loss=["mae"], metrics={'pred_a':'mae'})

    if db_tag == "wiki":
        w_file = "imdb_models/"+tag+"/"+tag+".h5"
        net.load_weights(w_file)
    elif db_tag == "morph": 
        w_file = "wiki_models/"+tag+"/"+tag+".h5"
        net.load_weights(w_file) 

    
    logging.debug("network:")
    net.count_params()
    net.summary()

    logging.debug("writing architecture")
    ensure_dir(db_tag+"_models")
    ensure_dir(db_tag+"_models/"+tag)
    ensure_dir(db_tag+"_checkpoints")
    plot_model(net, to_file=db_tag+"_models/"+tag+"/"+tag+".png")

    with open(os.path.join(db_tag+"_models/"+tag, tag+'.json'), "w") as fh:
        fh.write(net.to_json())

    
    lr_decay = lr_callbacks.DecayLearningRate(decay_at)

    cb_list = [ModelCheckpoint(db_tag+"_checkpoints/weights.{epoch:02d}-{val_loss:.2f}.hdf5",
                                 monitor="val_loss",
                                 verbose=1,
                                 save_best_only=True,
                                 mode="auto"), lr_decay
                        ]

    logging.debug("fitting")
    


    n_all = len(xs_all)
    order = np.arange(n_all)
    np.random.shuffle(order)
    xs_all = xs_all[order]
    ys_age = ys_age[order]
    n_tr = int(n_all * (1 - validation_split))
    
    xs_tr = xs_all[:n_tr]
    xs_va = xs_all[n_tr:]
    ys_tr = ys_age[:n_tr]
    ys_va = ys_age[n_tr:]


    log = net.fit_generator(generator=data_generator_reg(X=xs_tr, Y=ys_tr, batch_size=batch_size),
                                   steps_per_epoch=n_tr // batch_size,
                                   validation_data=(xs_va, [ys_va]),
                                   epochs=nb_epochs, verbose=1,
                                   callbacks=cb_list)

    logging.debug("writing weights")
    net.save_weights(os.path.join(db_tag+"_models/"+tag, tag+'.h5'), overwrite=True)
    pd.DataFrame(log.history).to_hdf(os.path.join(db_tag+"_models/"+tag, 'history_'+tag+'.h5'), "history")


if __name__ == '__main__':
    main()