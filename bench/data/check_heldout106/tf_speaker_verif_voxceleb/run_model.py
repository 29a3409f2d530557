import logging
import os
import pickle
import pprint
import random 
import sys
import tensorflow as tf
import numpy as np

from sklearn.metrics import accuracy_score
from sklearn.metrics import roc_curve
from tensorflow.keras.models import Sequential, Model
from tensorflow.keras.layers import Input
from tensorflow.keras.callbacks import EarlyStopping
from tensorflow.keras.optimizers import Adam, SGD, Adamax, Nadam
from tensorflow.keras.optimizers.schedules import ExponentialDecay

import generate_datasets
import tf_models
import utils

import pdb

logging.basicConfig(level=logging.DEBUG)


def test_train_val_split(items, test_split, val_split, seed=123):
    random.Random(seed).shuffle(items)
    cut_test = int(len(items) * PARAMS.DATA_GENERATOR.TEST_SPLIT)
    cut_val = int(len(items) * PARAMS.DATA_GENERATOR.TEST_SPLIT * PARAMS.DATA_GENERATOR.VALIDATION_SPLIT)
    test = items[:cut_test]
    validation = items[cut_test:cut_val]
    train = items[cut_val:]
    return train, test, validation

def set_optimizer(OPTIMIZER, LEARNING_RATE, LEARNING_DECAY_RATE, LEARNING_DECAY_STEPS, MOMENTUM, BETA_1, BETA_2):
    lr_schedule = ExponentialDecay(
        LEARNING_RATE,
        decay_steps=LEARNING_DECAY_STEPS,
        decay_rate=LEARNING_DECAY_RATE,
        staircase=False
    )

    if OPTIMIZER == 'adam':
        opt = Adam(
            learning_rate=lr_schedule, 
            #learning_rate=LEARNING_RATE, 
            beta_1=BETA_1,
            beta_2=BETA_2,
        )
    elif OPTIMIZER == 'sgd':
        opt = SGD(
            learning_rate=lr_schedule, 
            #learning_rate=LEARNING_RATE, 
            momentum=MOMENTUM
        )
    elif OPTIMIZER == 'adamax':
        opt = Adamax(
            learning_rate=lr_schedule, 
            #learning_rate=LEARNING_RATE, 
            beta_1=BETA_1,
            beta_2=BETA_2,
        )
    elif OPTIMIZER == 'nadam':
        opt = Nadam(
            learning_rate=LEARNING_RATE, 
            beta_1=BETA_1,
            beta_2=BETA_2,
        )
    else:
        raise ValueError('ERROR: Invalid PARAMS.TRAINING.OPTIMIZER argument!')

    return opt


def calculate_EER(dist, labels):
    fp_rates, tp_rates, thr = roc_curve(labels, dist, pos_label=0)
    fn_rates = 1 - tp_rates
    eer_thr = thr[np.nanargmin(np.absolute((fn_rates - fp_rates)))]
    EER = fp_rates[np.nanargmin(np.absolute((fn_rates - fp_rates)))]
    preds = np.where(dist >= eer_thr, 0, 1)
    accuracy = accuracy_score(labels, preds)

    return EER, eer_thr, accuracy
'''
def calculate_EER(dist, y_true):
    fp_rates = []
    tp_rates = []
    thr_grid = np.sort(dist)[::-1]

    for thr in thr_grid:
        y_pred = np.where(dist >= thr, 0, 1)
        
        fp = np.sum((y_pred == 1) & (y_true == 0))
        tp = np.sum((y_pred == 1) & (y_true == 1))
        fn = np.sum((y_pred == 0) & (y_true == 1))
        tn = np.sum((y_pred == 0) & (y_true == 0))
        
        fp_rates.append(fp / (fp + tn))
        tp_rates.append(tp / (tp + fn))
    
    fp_rates = np.array(fp_rates)
    tp_rates = np.array(tp_rates)
    
    fn_rates = 1 - tp_rates
    eer_thr = thr_grid[np.nanargmin(np.absolute((fn_rates - fp_rates)))]
    EER = fp_rates[np.nanargmin(np.absolute((fn_rates - fp_rates)))]

    return EER, eer_thr
'''

def stack_layers(embedding_layers, IMG_SHAPE):
    img_input = Input(IMG_SHAPE)
    emb_model = Sequential([Input(IMG_SHAPE)] + embedding_layers)
    emb_trained = Model(inputs=img_input, outputs=emb_model(img_input))
    return emb_trained

def pair_distances(embedding_model, anchors, positives, negatives):
    emb_a = embedding_model.predict(anchors)
    emb_p = embedding_model.predict(positives)
    emb_n = embedding_model.predict(negatives)

    pos_emb = zip(emb_a, emb_p)
    d_pos = [np.linalg.norm(emb[0] - emb[1]) for emb in pos_emb]
    neg_emb = zip(emb_a, emb_n)
    d_neg = [np.linalg.norm(emb[0] - emb[1]) for emb in neg_emb]

    return d_pos, d_neg

def _bytes_to_spec(raw, IMG_SHAPE):
    img = tf.io.decode_raw(raw, tf.float32)
    img.set_shape([IMG_SHAPE[0] * IMG_SHAPE[1] * IMG_SHAPE[2]])
    img = tf.reshape(img, IMG_SHAPE)
    return img

def _parse_pair(rec):
    spec_desc = {
        'spect1': tf.io.FixedLenFeature((), tf.string),
        'spect2': tf.io.FixedLenFeature((), tf.string),
        'label': tf.io.FixedLenFeature((), tf.float32),
    }
    parsed = tf.io.parse_single_example(rec, spec_desc)
    
    s1 = _bytes_to_spec(parsed['spect1'], IMG_SHAPE)
    s2 = _bytes_to_spec(parsed['spect2'], IMG_SHAPE)
    label = parsed['label']
    return {'input1':s1, 'input2':s2}, label

def _parse_triplet(rec):
    spec_desc = {
        'spectA': tf.io.FixedLenFeature((), tf.string),
        'spectP': tf.io.FixedLenFeature((), tf.string),
        'spectN': tf.io.FixedLenFeature((), tf.string),
    }
    parsed = tf.io.parse_single_example(rec, spec_desc)
    
    sa = _bytes_to_spec(parsed['spectA'], IMG_SHAPE)
    sp_ = _bytes_to_spec(parsed['spectP'], IMG_SHAPE)
    sn = _bytes_to_spec(parsed['spectN'], IMG_SHAPE)

    output = {
        "anchor_input": sa,
        "positive_input": sp_,
        "negative_input": sn
    }
    return output
    #return sa , sp_, sn

def _parse_quadruplet(rec):
    spec_desc = {
        'spectA': tf.io.FixedLenFeature((), tf.string),
        'spectP': tf.io.FixedLenFeature((), tf.string),
        'spectN1': tf.io.FixedLenFeature((), tf.string),
        'spectN2': tf.io.FixedLenFeature((), tf.string),
    }
    parsed = tf.io.parse_single_example(rec, spec_desc)
    
    sa = _bytes_to_spec(parsed['spectA'], IMG_SHAPE)
    sp_ = _bytes_to_spec(parsed['spectP'], IMG_SHAPE)
    sn1 = _bytes_to_spec(parsed['spectN1'], IMG_SHAPE)
    sn2 = _bytes_to_spec(parsed['spectN2'], IMG_SHAPE)

    output = {
        "anchor_input": sa,
        "positive_input": sp_,
        "negative_input1": sn1,
        "negative_input2": sn2,
    }
    return output

def labelled_distances(embedding_model, anchors, positives, negatives):
    d_pos, d_neg = pair_distances(embedding_model, anchors, positives, negatives)
    dist = np.array(d_pos + d_neg)
    labels = np.concatenate((np.ones(len(d_pos)), np.zeros(len(d_neg))))
    return dist, labels

def find_hard_triplets(embedding_model, PARAMS):
    hard_trips = []
    out_dir = os.path.join(os.path.dirname(__file__), PARAMS.PATHS.OUTPUT_DIR)
    spk_specs = utils.load(os.path.join(out_dir, 'speaker_spectrograms.pkl'))
    pos_locs = generate_datasets.find_positive_pairs(spk_specs)

    i = PARAMS.DATA_GENERATOR.N_SAMPLES

    ## walk the positive pairs, keep candidates inside the margin band
    while len(hard_trips) < PARAMS.DATA_GENERATOR.N_SAMPLES:
        spk = pos_locs[i][0]
        j1 = pos_locs[i][1]
        j2 = pos_locs[i][2]

        negative = generate_datasets.find_random_negative(spk_specs, spk)
        cand3 = (spk_specs[spk][j1], spk_specs[spk][j2], negative)
        in_a = np.expand_dims(cand3[0], axis=0)
        in_p = np.expand_dims(cand3[1], axis=0)
        in_n = np.expand_dims(cand3[2], axis=0)

        d_pos, d_neg = pair_distances(embedding_model, in_a, in_p, in_n)

        if (d_pos[0] < d_neg[0]) and (d_neg[0] < d_pos[0] + PARAMS.MODEL.MARGIN):
            hard_trips.append(cand3)
        i += 1
    return hard_trips

def find_hard_quadruplets(embedding_model, PARAMS):
    hard_quads = []
    out_dir = os.path.join(os.path.dirname(__file__), PARAMS.PATHS.OUTPUT_DIR)
    spk_specs = utils.load(os.path.join(out_dir, 'speaker_spectrograms.pkl'))
    pos_locs = generate_datasets.find_positive_pairs(spk_specs)

    i = PARAMS.DATA_GENERATOR.N_SAMPLES

    ## walk the positive pairs, keep candidates inside the margin band
    while len(hard_quads) < PARAMS.DATA_GENERATOR.N_SAMPLES:
        spk = pos_locs[i][0]
        j1 = pos_locs[i][1]
        j2 = pos_locs[i][2]

        neg_a, neg_b = generate_datasets.find_two_random_negatives(spk_specs, spk)

        cand4 = (
            spk_specs[spk][j1], 
            spk_specs[spk][j2], 
            neg_a,
            neg_b
        )

        in_a = np.expand_dims(cand4[0], axis=0)
        in_p = np.expand_dims(cand4[1], axis=0)
        in_n1 = np.expand_dims(cand4[2], axis=0)
        in_n2 = np.expand_dims(cand4[3], axis=0)

        d_pos1, d_neg1 = pair_distances(embedding_model, in_a, in_p, in_n1)
        d_pos2, d_neg2 = pair_distances(embedding_model, in_a, in_p, in_n2)

        if (d_pos1[0] < d_neg1[0]) and (d_pos2[0] < d_neg2[0]) and (d_neg1[0] < d_pos1[0] + PARAMS.TRAINING.MARGIN) and (d_neg2[0] < d_pos2[0] + PARAMS.TRAINING.MARGIN):
            hard_quads.append(cand4)
        i += 1
    return hard_quads

def fit_triplet(model, ds_train, ds_val, PARAMS, modifier=None):
    opt = set_optimizer(
        OPTIMIZER=PARAMS.TRAINING.OPTIMIZER, 
        LEARNING_RATE=PARAMS.TRAINING.LEARNING_RATE, 
        LEARNING_DECAY_RATE=PARAMS.TRAINING.LEARNING_DECAY_RATE, 
        LEARNING_DECAY_STEPS=PARAMS.TRAINING.LEARNING_DECAY_STEPS, 
        MOMENTUM=PARAMS.TRAINING.MOMENTUM, 
        BETA_1=PARAMS.TRAINING.BETA_1, 
        BETA_2=PARAMS.TRAINING.BETA_2
    )
    ####  compile + fit  ####
    model.compile(optimizer=opt)

    hist = model.fit(
        ds_train,
        validation_data=ds_val,
        epochs=PARAMS.TRAINING.EPOCHS,
        #batch_size=PARAMS.TRAINING.BATCH_SIZE,
        verbose=1,
        callbacks=[EarlyStopping(patience=PARAMS.TRAINING.EARLY_STOP_ROUNDS)],
    )
    return model

def fit_quadruplet(model, ds_train, ds_val, PARAMS):
    opt = set_optimizer(
        OPTIMIZER=PARAMS.TRAINING.OPTIMIZER, 
        LEARNING_RATE=PARAMS.TRAINING.LEARNING_RATE, 
        LEARNING_DECAY_RATE=PARAMS.TRAINING.LEARNING_DECAY_RATE, 
        LEARNING_DECAY_STEPS=PARAMS.TRAINING.LEARNING_DECAY_STEPS, 
        MOMENTUM=PARAMS.TRAINING.MOMENTUM, 
        BETA_1=PARAMS.TRAINING.BETA_1, 
        BETA_2=PARAMS.TRAINING.BETA_2
    )
    ####  compile + fit  ####
    model.compile(optimizer=opt)
    hist = model.fit(
        #[train_a, train_p, train_n1, train_n2],
        #validation_split=PARAMS.DATA_GENERATOR.VALIDATION_SPLIT,
        ds_train,
        validation_data=ds_val,
        epochs=PARAMS.TRAINING.EPOCHS,
        #batch_size=PARAMS.TRAINING.BATCH_SIZE,
        verbose=1,
        callbacks=[EarlyStopping(patience=PARAMS.TRAINING.EARLY_STOP_ROUNDS)],

    )
    return model

def pretrain_softmax(IMG_SHAPE, PARAMS):
    out_dir = os.path.join(os.path.dirname(__file__), PARAMS.PATHS.OUTPUT_DIR)
    spk_specs = utils.load(os.path.join(out_dir, 'speaker_spectrograms_train.pkl'))
    n_spk = len(spk_specs.keys())
    X = []
    y = []

    ## integer speaker ids for sparse cross-entropy
    for i, spk in enumerate(spk_specs.keys()):
        for spect in spk_specs[spk]:
            X.append(spect)
            y.append(i)

    X = np.array(X)
    y = np.array(y)
    del spk_specs

    model = tf_models.build_crossentropy_model(n_spk, IMG_SHAPE, PARAMS)

    opt = set_optimizer(
        OPTIMIZER=PARAMS.TRAINING.CROSSENTROPY_OPTIMIZER, 
        LEARNING_RATE=PARAMS.TRAINING.CROSSENTROPY_LEARNING_RATE, 
        LEARNING_DECAY_RATE=PARAMS.TRAINING.CROSSENTROPY_LEARNING_DECAY_RATE, 
        LEARNING_DECAY_STEPS=PARAMS.TRAINING.CROSSENTROPY_LEARNING_DECAY_STEPS, 
        MOMENTUM=PARAMS.TRAINING.CROSSENTROPY_MOMENTUM, 
        BETA_1=PARAMS.TRAINING.CROSSENTROPY_BETA_1, 
        BETA_2=PARAMS.TRAINING.CROSSENTROPY_BETA_2
    )
    model.compile(
        loss='sparse_categorical_crossentropy', 
        optimizer=opt
    )
    logging.info("softmax pre-training of the embedding network")

    hist = model.fit(
        X, y,
        validation_split=PARAMS.DATA_GENERATOR.VALIDATION_SPLIT,
        epochs=PARAMS.TRAINING.CROSSENTROPY_EPOCHS,
        verbose=1,
        batch_size=PARAMS.TRAINING.CROSSENTROPY_BATCH_SIZE,
        callbacks=[EarlyStopping(patience=PARAMS.TRAINING.CROSSENTROPY_EARLY_STOP_ROUNDS)],
    )
    return model


def run_pairs(IMG_SHAPE, PARAMS, cfg_name, embedding_model=None):
    '''
    model = tf_models.build_siamese_model(IMG_SHAPE, PARAMS)
    val_frac = PARAMS.DATA_GENERATOR.VALIDATION_SPLIT / (1.0 - PARAMS.DATA_GENERATOR.TEST_SPLIT)
    (pairs, labels) = utils.load(
        os.path.join(os.path.dirname(__file__), PARAMS.PATHS.OUTPUT_DIR, 'contrastive_pairs.pkl')
    )
    train_pairs, test_pairs, train_y, test_y = train_test_split(
        pairs, labels, test_size=PARAMS.DATA_GENERATOR.TEST_SPLIT, random_state=123
    )
    train_pairs, val_pairs, train_y, val_y = train_test_split(
        train_pairs, train_y, test_size=val_frac, random_state=123
    )


    ####  split the pair arrays  ####
    left_train = np.array([pair[0] for pair in train_pairs])
    right_train = np.array([pair[1] for pair in train_pairs])
    left_test = np.array([pair[0] for pair in test_pairs])
    right_test = np.array([pair[1] for pair in test_pairs])
    left_val = np.array([pair[0] for pair in val_pairs])
    right_val = np.array([pair[1] for pair in val_pairs])
    train_y = tf.cast(np.array(train_y), tf.float32)
    test_y = tf.cast(np.array(test_y), tf.float32)
    val_y = tf.cast(np.array(val_y), tf.float32)

    def load_data(input_pair):
        im1 = pickle.load(open(input_pair[0], "rb"))
        im2 = pickle.load(open(input_pair[1], "rb"))

        wav_root = os.path.join(os.path.dirname(__file__), PARAMS.PATHS.AUDIO_DIR)
        ## same speaker folder -> positive label
        if input_pair[0].split(wav_root)[1].split('/')[0] == input_pair[1].split(wav_root)[1].split('/')[0]:
            label = tf.cast([1], tf.int32)
        else:
            label = tf.cast([0], tf.int32)
        return im1, im2, label

    pdb.set_trace()

    ds_train = tf.data.Dataset.from_tensor_slices(train_pairs)
    ds_train = ds_train.map(lambda x: tf.py_function(func=load_data, inp=[x], Tout=(tf.float32, tf.float32, tf.int32)))

    ds_val = tf.data.Dataset.from_tensor_slices(val_pairs)
    ds_val = ds_val.map(lambda x: tf.py_function(func=load_data, inp=[x], Tout=(tf.float32, tf.float32, tf.int32)))

    pdb.set_trace()
    '''
    model = tf_models.build_siamese_model(IMG_SHAPE, PARAMS)

    out_dir = os.path.join(os.path.dirname(__file__), PARAMS.PATHS.OUTPUT_DIR)
    train_rec = os.path.join(out_dir, 'contrastive_pairs_train.tfrecord')
    val_rec = os.path.join(out_dir, 'contrastive_pairs_val.tfrecord')
    test_pkl = os.path.join(out_dir, 'contrastive_pairs_test.pkl')
    save_path = os.path.join(out_dir, 'contrastive_pairs_model{c}'.format(c = cfg_name))

    test_pairs = utils.load(test_pkl)

    ds_train = tf.data.TFRecordDataset([train_rec])
    ds_train = ds_train.map(_parse_pair)
    ds_train = ds_train.batch(PARAMS.TRAINING.BATCH_SIZE, drop_remainder=True).prefetch(1)

    ds_val = tf.data.TFRecordDataset([val_rec])
    ds_val = ds_val.map(_parse_pair)
    ds_val = ds_val.batch(PARAMS.TRAINING.BATCH_SIZE, drop_remainder=True).prefetch(1)

    opt = set_optimizer(
        OPTIMIZER=PARAMS.TRAINING.OPTIMIZER, 
        LEARNING_RATE=PARAMS.TRAINING.LEARNING_RATE, 
        LEARNING_DECAY_RATE=PARAMS.TRAINING.LEARNING_DECAY_RATE, 
        LEARNING_DECAY_STEPS=PARAMS.TRAINING.LEARNING_DECAY_STEPS, 
        MOMENTUM=PARAMS.TRAINING.MOMENTUM, 
        BETA_1=PARAMS.TRAINING.BETA_1, 
        BETA_2=PARAMS.TRAINING.BETA_2
    )
    ####  compile + fit  ####
    model.compile(
        loss=tf_models.contrastive_loss_with_margin(margin=PARAMS.MODEL.MARGIN), 
        optimizer=opt
    )
    logging.info("fitting the contrastive pair model")

    hist = model.fit(
        ds_train,
        #validation_split=PARAMS.DATA_GENERATOR.VALIDATION_SPLIT,
        validation_data=ds_val,
        epochs=PARAMS.TRAINING.EPOCHS,
        #batch_size=PARAMS.TRAINING.BATCH_SIZE,
        verbose=1,
        callbacks=[EarlyStopping(patience=PARAMS.TRAINING.EARLY_STOP_ROUNDS)],
    )

    left_test = np.array([pair[0] for pair in test_pairs])
    right_test = np.array([pair[1] for pair in test_pairs])
    test_y = np.array([pair[2] for pair in test_pairs])

    test_dist = model.predict([left_test, right_test])
    model.save(save_path)

    return test_dist, test_y


def run_triplets(IMG_SHAPE, PARAMS, cfg_name, embedding_model=None):
    model = tf_models.build_triplet_model(IMG_SHAPE, PARAMS, embedding_model=embedding_model)

    out_dir = os.path.join(os.path.dirname(__file__), PARAMS.PATHS.OUTPUT_DIR)
    train_rec_path = os.path.join(out_dir, 'contrastive_triplets_train.tfrecord')
    val_rec_path = os.path.join(out_dir, 'contrastive_triplets_val.tfrecord')
    test_pkl_path = os.path.join(out_dir, 'contrastive_triplets_test.pkl')
    save_path = os.path.join(out_dir, 'contrastive_triplets_model_{c}'.format(c = cfg_name))

    test_trips = utils.load(test_pkl_path)

    ds_val = tf.data.TFRecordDataset([val_rec_path])
    ds_val = ds_val.map(_parse_triplet)
    ds_val = ds_val.batch(PARAMS.TRAINING.BATCH_SIZE, drop_remainder=True).prefetch(1)

    ds_train = tf.data.TFRecordDataset([train_rec_path])
    ds_train = ds_train.map(_parse_triplet)
    ds_train = ds_train.batch(PARAMS.TRAINING.BATCH_SIZE, drop_remainder=True).prefetch(1)

    #### first pass over all triplets
    logging.info("triplet loss, first pass")
    model = fit_triplet(model, ds_train, ds_val, PARAMS)
    embedding_layers = model.layers[3].layers
    embedding_model = stack_layers(embedding_layers, IMG_SHAPE)

    #### EER before mining
    ta = np.array([triplet[0] for triplet in test_trips])
    tp_ = np.array([triplet[1] for triplet in test_trips])
    tn_ = np.array([triplet[2] for triplet in test_trips])

    ####  reuse the embedding layers and score pairs by distance
    dist_test_initial, test_y0 = labelled_distances(embedding_model, ta, tp_, tn_)
    if PARAMS.TRAINING.MINE_SEMIHARD == 'T':
        initial_EER, eer_thr, acc = calculate_EER(dist_test_initial, test_y0)
        print("[first pass] EER={EER} threshold={eth} acc={acc}".format(
                EER=initial_EER, eth=eer_thr, acc = acc
            )
        )

        #### mine harder triplets
        logging.info("mining semi-hard triplets")
        hard_trips = find_hard_triplets(embedding_model, PARAMS)

        #### second pass on the mined set
        logging.info("triplet loss, second pass")
        if PARAMS.TRAINING.SEMIHARD_FRESH_MODEL == 'T':
            model = tf_models.build_triplet_model(IMG_SHAPE, PARAMS)
            model = fit_triplet(model, hard_trips, PARAMS, modifier='_semihard')
        else:
            model = fit_triplet(model, hard_trips, PARAMS, modifier='_semihard')

        ####  score pairs with the final embedding layers
        embedding_layers = model.layers[3].layers
        embedding_model = stack_layers(embedding_layers, IMG_SHAPE)
        test_dist, test_y = labelled_distances(embedding_model, ta, tp_, tn_)
    else:
        test_dist = dist_test_initial
        test_y = test_y0

    embedding_model.save(save_path)
    return test_dist, test_y



def run_quadruplets(IMG_SHAPE, PARAMS, cfg_name, embedding_model=None):
    model = tf_models.build_quadruplet_model(IMG_SHAPE, PARAMS)
    #quads = utils.load(
    #    os.path.join(os.path.dirname(__file__), PARAMS.PATHS.OUTPUT_DIR, 'contrastive_quadruplets.pkl')
    #)

    out_dir = os.path.join(os.path.dirname(__file__), PARAMS.PATHS.OUTPUT_DIR)
    train_rec_path = os.path.join(out_dir, 'contrastive_quadruplets_train.tfrecord')
    val_rec_path = os.path.join(out_dir, 'contrastive_quadruplets_val.tfrecord')
    test_pkl_path = os.path.join(out_dir, 'contrastive_quadruplets_test.pkl')
    save_path = os.path.join(out_dir, 'contrastive_quadruplets_model_{c}'.format(c = cfg_name))

    test_quads = utils.load(test_pkl_path)

    ds_val = tf.data.TFRecordDataset([val_rec_path])
    ds_val = ds_val.map(_parse_quadruplet)
    ds_val = ds_val.batch(PARAMS.TRAINING.BATCH_SIZE, drop_remainder=True).prefetch(1)

    ds_train = tf.data.TFRecordDataset([train_rec_path])
    ds_train = ds_train.map(_parse_quadruplet)
    ds_train = ds_train.batch(PARAMS.TRAINING.BATCH_SIZE, drop_remainder=True).prefetch(1)

    #### first pass over all quadruplets
    logging.info("quadruplet loss, first pass")
    model = fit_quadruplet(model, ds_train, ds_val, PARAMS)
    embedding_layers = model.layers[4].layers
    embedding_model = stack_layers(embedding_layers, IMG_SHAPE)

    ####  reuse the embedding layers and score pairs by distance
    ta = np.array([quadruplet[0] for quadruplet in test_quads])
    tp_ = np.array([quadruplet[1] for quadruplet in test_quads])
    tn1 = np.array([quadruplet[2] for quadruplet in test_quads])

    dist_test_initial, test_y0 = labelled_distances(embedding_model, ta, tp_, tn1)
    if PARAMS.TRAINING.MINE_SEMIHARD == 'T':
        initial_EER, eer_thr, acc = calculate_EER(dist_test_initial, test_y0)
        print("[first pass] EER={EER} threshold={eth} acc={acc}".format(
                EER=initial_EER, eth=eer_thr, acc = acc
            )
        )
        #### mine harder quadruplets
        logging.info("mining semi-hard quadruplets")
        hard_quads = find_hard_quadruplets(embedding_model, PARAMS)

        #### second pass on mined quadruplets
        logging.info("quadruplet loss, second pass")
        if PARAMS.TRAINING.SEMIHARD_FRESH_MODEL == 'T':
            model = tf_models.build_triplet_model(IMG_SHAPE, PARAMS)
            model, _ = fit_quadruplet(model, hard_quads, PARAMS)
        else:
            model, _ = fit_quadruplet(model, hard_quads, PARAMS)

        ####  score pairs with the embedding layers
        embedding_layers = model.layers[4].layers
        embedding_model = stack_layers(embedding_layers, IMG_SHAPE)
        test_dist, test_y = labelled_distances(embedding_model, ta, tp_, tn1)
    else:
        test_dist = dist_test_initial
        test_y = test_y0

    embedding_model.save(save_path)
    return test_dist, test_y




def pretrain_backbone(IMG_SHAPE, PARAMS):
    model = pretrain_softmax(IMG_SHAPE, PARAMS)
    test_trip_pkl = os.path.join(os.path.dirname(__file__), PARAMS.PATHS.OUTPUT_DIR, 'contrastive_triplets_test.pkl')
    test_trips = utils.load(test_trip_pkl)

    ta = np.array([triplet[0] for triplet in test_trips])
    tp_ = np.array([triplet[1] for triplet in test_trips])
    tn_ = np.array([triplet[2] for triplet in test_trips])

    if PARAMS.TRAINING.FREEZE_PRETRAIN_BASE == 'T':
        model.trainable = False

    emb_layers_pre = model.layers[:-1]
    emb_model_pre = stack_layers(emb_layers_pre, IMG_SHAPE)

    ce_dist, ce_labels = labelled_distances(
        emb_model_pre, ta, tp_, tn_
    )
    ce_eer, eer_thr, acc = calculate_EER(ce_dist, ce_labels)
    print("[softmax pretrain] EER={EER} threshold={eth} acc={acc}".format(
            EER=ce_eer, eth=eer_thr, acc= acc
        )
    )

    cnn_layers = model.layers[:-2]
    cnn_backbone = Sequential([Input(IMG_SHAPE)] + cnn_layers)

    return cnn_backbone




if __name__ == '__main__':
    PARAMS = utils.config_init(sys.argv)
    cfg_name = os.path.splitext(str(sys.argv[1]))[0]
    print('#'*80)
    print('config: {p}'.format(p=PARAMS))
    IMG_SHAPE = (
        PARAMS.DATA_GENERATOR.N_MELS,
        PARAMS.DATA_GENERATOR.MAX_FRAMES,
        1
    )
    
    if PARAMS.MODEL.CROSSENTROPY_PRETRAIN == 'T':
        pre_path = os.path.join(os.path.dirname(__file__), PARAMS.PATHS.OUTPUT_DIR, 'pretrained_backbone')
        if PARAMS.TRAINING.USE_PREVIOUS_PRETRAIN_MODEL == 'T':
            logging.info('reusing the saved pretrained backbone')
            backbone = tf.keras.models.load_model(pre_path)
        else:
            logging.info('pretraining with softmax loss')
            backbone = pretrain_backbone(IMG_SHAPE, PARAMS)
            backbone.save(pre_path)
    else:
        backbone = None

    ####  train the chosen loss  ####
    if PARAMS.MODEL.LOSS_TYPE == 'contrastive':
        test_dist, test_y = run_pairs(IMG_SHAPE, PARAMS, cfg_name, backbone)
    if PARAMS.MODEL.LOSS_TYPE == 'triplet':
        test_dist, test_y = run_triplets(IMG_SHAPE, PARAMS, cfg_name, backbone)
    if PARAMS.MODEL.LOSS_TYPE == 'quadruplet':
        test_dist, test_y = run_quadruplets(IMG_SHAPE, PARAMS, cfg_name, backbone)
    
    ####  equal error rate   ####
    EER, eer_thr, acc = calculate_EER(test_dist, test_y)

    print('-'*60)
    print('final EER={EER} threshold={eth} acc={acc}'.format(
            EER=EER, eth=eer_thr, acc=acc
        )
    )
    print('#'*80)
