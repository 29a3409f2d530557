from typing import Dict
import os
import numpy as np
import pandas as pd
import tensorflow as tf
import tensorflow_addons as tfa
import tensorflow_hub as hub
import tensorflow_text as text
from config import (MORPH_TAG_COLS, NORMALIZED_TEXT_COLS, ORDERED_CATEGORIES,
                    POSITION, TEXT_COLS, UNORDERED_CATEGORIES, HANDCRAFTED_DATA_PATH)
from tensorflow import keras
from tensorflow.keras import layers

from model_config import N_TARGETS, VOCAB_SIZE, TEXT_ENC_COLS

EXTRA_COLS = pd.read_pickle(os.path.join(HANDCRAFTED_DATA_PATH, 'train.pkl')).columns.tolist()
NUMERIC_COLS = ORDERED_CATEGORIES + EXTRA_COLS

def build_vectorizers(frame: pd.DataFrame, **kw) -> Dict:
    out = {}
    for name in frame.columns:
        vec = layers.TextVectorization(max_tokens=VOCAB_SIZE, name=name, **kw)
        vec.adapt(frame[name])
        out[name] = vec
    return out


def as_inputs(frame: pd.DataFrame) -> Dict:
    feed = {f'{name}_text': frame[name] for name in TEXT_ENC_COLS}
    feed.update({f'{name}_unordered_cat': frame[name] for name in UNORDERED_CATEGORIES})
    feed.update({'real_features': frame[NUMERIC_COLS]})
    return feed


def RangerOpt(sync_period=6,
           slow_step_size=0.5,
           learning_rate=0.001,
           beta_1=0.9,
           beta_2=0.999,
           epsilon=1e-7,
           weight_decay=0.,
           amsgrad=False,
           sma_threshold=5.0,
           total_steps=0,
           warmup_proportion=0.1,
           min_lr=0.,
           name="Ranger"):
    base = tfa.optimizers.RectifiedAdam(learning_rate, beta_1, beta_2, epsilon, weight_decay, amsgrad, sma_threshold, total_steps, warmup_proportion, min_lr, name)
    wrapped = tfa.optimizers.Lookahead(base, sync_period, slow_step_size, name)
    return wrapped


@tf.function
def soft_f1_samples_metric(y, p):
    """Per-sample F1 on rounded probabilities, averaged over the batch.
    Used as the monitored metric.

    Args:
        y: 0/1 targets, shape (batch, labels)
        p: predicted probabilities, shape (batch, labels)

    Returns:
        the mean per-sample F1 as a scalar tensor
    """
    y = tf.cast(y, tf.float32)
    p = tf.cast(p, tf.float32)
    p = tf.round(p)
    tp = tf.reduce_sum(p * y, axis=1)
    fp = tf.reduce_sum(p * (1 - y), axis=1)
    fn = tf.reduce_sum((1 - p) * y, axis=1)
    f1 = 2*tp / (2*tp + fn + fp + 1e-16)
    mean_f1 = tf.reduce_mean(f1) # over the batch
    return mean_f1


@tf.function
def soft_f1_samples_loss(y, p):
    """One minus the per-sample soft F1 computed on probabilities.
    Works on probabilities, not on 0/1 predictions.

    Args:
        y: 0/1 targets, shape (batch, labels)
        p: predicted probabilities, shape (batch, labels)

    Returns:
        the mean of 1 - soft F1 as a scalar tensor
    """
    y = tf.cast(y, tf.float32)
    p = tf.cast(p, tf.float32)
    tp = tf.reduce_sum(p * y, axis=1)
    fp = tf.reduce_sum(p * (1 - y), axis=1)
    fn = tf.reduce_sum((1 - p) * y, axis=1)
    f1 = 2*tp / (2*tp + fn + fp + 1e-16)
    cost = 1 - f1 # minimise 1 - F1
    mean_cost = tf.reduce_mean(cost) # over the batch
    return mean_cost


def build_net(vectorizers: Dict) -> keras.Model:

    def _text_branch(txt_in):
        # pre = hub.KerasLayer(
        #    "https://tfhub.dev/jeongukjae/smaller_LaBSE_15lang_preprocess/1")
        # enc_in = pre(txt_in)
        use = hub.KerasLayer(
            "https://hub.tensorflow.google.cn/google/universal-sentence-encoder-multilingual/3",
            trainable=False)
        emb = use(txt_in)
        # pooled = emb["pooled_output"]      # (batch, 768)
        # seq = emb["sequence_output"]  # (batch, len, 768)
        # seq_max = layers.GlobalMaxPool1D()(seq)
        # joined = layers.Concatenate()(
        #     [pooled, seq_max])
        return emb

    def _numeric_branch(num_in):
        h = layers.Dense(128)(num_in)
        h = keras.activations.relu(h, alpha=0.1)
        return h

    def _category_branch(cat_in, vec):
        h = vec(cat_in)
        h = layers.CategoryEncoding(num_tokens=len(vec.get_vocabulary()))(h)
        h = layers.Dense(128)(h)
        h = keras.activations.relu(h, alpha=0.1)
        return h

    def _head(feats):
        h = layers.Dense(256)(feats)
        h = keras.activations.relu(h, alpha=0.1)
        h = layers.Dropout(0.1)(h)
        h = layers.Dense(128)(h)
        h = keras.activations.relu(h, alpha=0.1)
        h = layers.Dropout(0.1)(h)
        h = layers.Dense(N_TARGETS, activation='sigmoid')(h)
        return h

    txt_inputs = {name: keras.Input(shape=(), dtype=tf.string, name=f'{name}_text') for name in TEXT_ENC_COLS}
    cat_inputs = {name: keras.Input(shape=(None,), dtype=tf.string, name=f'{name}_unordered_cat') for name in UNORDERED_CATEGORIES}
    num_input = keras.Input(shape=(len(NUMERIC_COLS)), name='real_features')

    num_feats = [_numeric_branch(num_input)]
    txt_feats = [_text_branch(txt_inputs[name]) for name in TEXT_COLS + NORMALIZED_TEXT_COLS + [POSITION]]
    cat_feats = [_category_branch(cat_inputs[name], vectorizers[name]) for name in UNORDERED_CATEGORIES]

    feats = layers.Concatenate()(num_feats + txt_feats +  cat_feats)
    out = _head(feats)

    net = keras.Model(
        inputs=[num_input] + list(txt_inputs.values()) + list(cat_inputs.values()),
        outputs=out
    )

    net.compile(
        optimizer=RangerOpt(), # keras.optimizers.Adam(learning_rate=0.0003),
        loss=keras.losses.BinaryCrossentropy(from_logits=False), #  soft_f1_samples_loss,
        metrics=soft_f1_samples_metric
)

    return net
