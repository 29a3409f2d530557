''' VQA classifier trainer over precomputed features '''

import json
import numpy as np
from keras.utils import np_utils

# local helpers
from utils.get_data import get_test_data, get_train_data
from utils.arguments import get_arguments


def run():
    
    cfg = get_arguments()
    print(cfg)
    np.random.seed(cfg.seed)


    meta, tr_img_feats, tr_split = get_train_data(cfg)
    meta, te_img_feats,  te_split, te_answers = get_test_data(cfg)

    tr_inputs = [tr_split[u'question'], tr_img_feats]
    tr_targets = np_utils.to_categorical(tr_split[u'answers'], cfg.nb_classes)

    te_inputs = [te_split[u'question'], te_img_feats]
    te_targets = np_utils.to_categorical(te_answers, cfg.nb_classes)


    arch_module = importlib.import_module("models."+cfg.model)
    net = arch_module.model(cfg)
    net.compile(loss='categorical_crossentropy', optimizer=cfg.optimizer, metrics=['accuracy'])
    net.summary() # layer table

    hist = net.fit(tr_inputs, tr_targets, batch_size = cfg.batch_size, nb_epoch=cfg.nb_epoch, validation_data=(te_inputs, te_targets))

    return hist.history

if __name__ == "__main__":
    run()


