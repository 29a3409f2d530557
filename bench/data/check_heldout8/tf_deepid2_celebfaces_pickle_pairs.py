import os
import pickle
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers, activations


# == reading the pickled faces and pairing them (face_data_generate.py) ==
def read_face_pickles():

    chunk_bytes = 2**31 - 1
    file_bytes = os.path.getsize('../file/CelebFaces+/valid_face_X.pkl')
    with open('../file/CelebFaces+/valid_face_X.pkl', 'rb') as fh:
        raw_buf = bytearray(0)
        for off in range(0, file_bytes, chunk_bytes):
            raw_buf += fh.read(chunk_bytes)
        valid_X = pickle.loads(raw_buf)

    file_bytes = os.path.getsize('../file/CelebFaces+/valid_face_Y.pkl')
    with open('../file/CelebFaces+/valid_face_Y.pkl', 'rb') as fh:
        raw_buf = bytearray(0)
        for off in range(0, file_bytes, chunk_bytes):
            raw_buf += fh.read(chunk_bytes)
        valid_Y = pickle.loads(raw_buf)

    file_bytes = os.path.getsize('../file/CelebFaces+/train_face_X.pkl')
    with open('../file/CelebFaces+/train_face_X.pkl', 'rb') as fh:
        raw_buf = bytearray(0)
        for off in range(0, file_bytes, chunk_bytes):
            raw_buf += fh.read(chunk_bytes)
        train_X = pickle.loads(raw_buf)

    file_bytes = os.path.getsize('../file/CelebFaces+/train_face_Y.pkl')
    with open('../file/CelebFaces+/train_face_Y.pkl', 'rb') as fh:
        raw_buf = bytearray(0)
        for off in range(0, file_bytes, chunk_bytes):
            raw_buf += fh.read(chunk_bytes)
        train_Y = pickle.loads(raw_buf)

    train_pairs_X = np.asarray([train_X[i:i+2] for i in range(0,len(train_X)-1,2)],dtype='float32')
    train_pairs_y = np.asarray([train_Y[i:i+2] for i in range(0,len(train_Y)-1,2)],dtype='int32')

    valid_pairs_X = np.asarray([valid_X[i:i+2] for i in range(0,len(valid_X)-1,2)],dtype='float32')
    valid_pairs_y = np.asarray([valid_Y[i:i+2] for i in range(0,len(valid_Y)-1,2)],dtype='int32')

    return (train_pairs_X, train_pairs_y), (valid_pairs_X, valid_pairs_y)


# == input functions, model function, estimator (DeepID_model.py) ==
def make_train_input(feature_arr, label_arr, batch_n):
    """Estimator input: endless shuffled batches of face pairs."""
    # a generator over the pairs feeds the Dataset
    def gen_pairs():
        for one_feature, one_label in zip(feature_arr, label_arr):
            yield (one_feature, one_label)

    pair_dataset = tf.data.Dataset.from_generator(
        gen_pairs, (tf.float32, tf.int32), (tf.TensorShape([2, 55, 47, 3]), tf.TensorShape([2])))
    # repeat, shuffle, batch
    pair_dataset = pair_dataset.repeat().shuffle(1024).batch(batch_n)
    # one-shot iterator
    it_obj = pair_dataset.make_one_shot_iterator()

    return it_obj.get_next()


def make_eval_input(feature_arr, label_arr, batch_n):
    """Estimator input for evaluation: the arrays, batched, once."""
    if label_arr is None:
        # prediction: inputs only
        slices = feature_arr
    else:
        slices = (feature_arr, label_arr)

    # in-memory slices
    pair_dataset = tf.data.Dataset.from_tensor_slices(slices)

    # batching
    assert batch_n is not None, "a batch size is required"
    pair_dataset = pair_dataset.batch(batch_n)

    # hand back the Dataset
    return pair_dataset


def deepid_model_fn(features, labels, mode, params):
    '''Two shared towers, identification and verification losses.'''
    # split each pair into its two faces
    features_a = tf.map_fn(lambda pair: pair[0], features)
    features_b = tf.map_fn(lambda pair: pair[1], features)
    labels_a = tf.map_fn(lambda pair: pair[0], labels)
    labels_b = tf.map_fn(lambda pair: pair[1], labels)

    def tower_model(img_in, hparams):
        # conv/pool stack
        c1_out = layers.Conv2D(filters=20, kernel_size=[4, 4], padding='valid',
            activation=tf.nn.relu)(img_in)
        p1_out = layers.MaxPool2D(pool_size=[2, 2], strides=[2, 2], padding='valid')(c1_out)
        c2_out = layers.Conv2D(filters=40, kernel_size=[3, 3], padding='valid',
            activation=tf.nn.relu)(p1_out)
        p2_out = layers.MaxPool2D(pool_size=[2, 2], strides=[2, 2], padding='valid')(c2_out)
        c3_out = layers.Conv2D(filters=60, kernel_size=[3, 3], padding='valid',
            activation=tf.nn.relu)(p2_out)
        p3_out = layers.MaxPool2D(pool_size=[2, 2], strides=[2, 2], padding='valid')(c3_out)
        c4_out = layers.Conv2D(filters=80, kernel_size=[2, 2], padding='valid',
            activation=tf.nn.relu)(p3_out)

        # 160-d identity feature from pool3 and conv4
        id_feat = layers.Dense(units=160, activation=tf.nn.relu)(
            tf.concat([tf.reshape(p3_out, [-1, 5 * 4 * 60]), tf.reshape(c4_out, [-1, 4 * 3 * 80])], 1))

        bn_out = layers.BatchNormalization()(id_feat)
        id_vec = activations.relu(bn_out)

        # class scores
        class_logits = layers.Dense(units=hparams['class_num'], activation=None)(id_vec)

        return id_vec, class_logits

    # both faces through the same tower
    id_vec_a, class_logits_a = tower_model(features_a, params)
    id_vec_b, class_logits_b = tower_model(features_b, params)

    pred_cls_a = tf.argmax(class_logits_a, 1)
    pred_cls_b = tf.argmax(class_logits_b, 1)

    if mode == tf.estimator.ModeKeys.PREDICT:
        pred_dict = {
            "DeepID_i": id_vec_a,
            "DeepID_j": id_vec_b
        }
        return tf.estimator.EstimatorSpec(mode=mode, predictions=pred_dict)

    # identification + verification objective
    id_loss_a = tf.losses.sparse_softmax_cross_entropy(labels=labels_a, logits=class_logits_a)
    id_loss_b = tf.losses.sparse_softmax_cross_entropy(labels=labels_b, logits=class_logits_b)

    verif_loss = tf.reduce_sum(tf.map_fn(
        lambda pair: 0.5 * tf.square(pair[1]) if pair[0] == 0 else 0.5 *
        tf.square(tf.maximum(0.0, 0.1 - pair[1])),
        tf.transpose(tf.concat([[tf.cast(labels_a - labels_b, tf.float32)], [tf.norm(id_vec_a - id_vec_b, axis=1)]], axis=0))))

    total_loss = id_loss_a + id_loss_b + 0.1 * verif_loss

    # metrics for EVAL mode
    if mode == tf.estimator.ModeKeys.EVAL:
        metric_ops = {
            'accuracy': tf.metrics.accuracy(
                labels_i=tf.map_fn(lambda pair: pair[0], labels),
                labels_j=tf.map_fn(lambda pair: pair[1], labels),
                predictions_i=pred_cls_a,
                predictions_j=pred_cls_b)
        }
        return tf.estimator.EstimatorSpec(mode=mode, loss=total_loss, eval_metric_ops=metric_ops)

    assert mode == tf.estimator.ModeKeys.TRAIN
    rms_optimizer = tf.train.RMSPropOptimizer(1e-4)  # Adam was tried before
    train_step_op = rms_optimizer.minimize(loss=total_loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode=mode, loss=total_loss, train_op=train_step_op)


def make_estimator():

    sess_cfg = tf.ConfigProto(
        log_device_placement=True,
        inter_op_parallelism_threads=0,
        intra_op_parallelism_threads=0,
        allow_soft_placement=True)
    sess_cfg.gpu_options.allow_growth = True
    sess_cfg.gpu_options.per_process_gpu_memory_fraction = 0.7

    est_cfg = tf.estimator.RunConfig().replace(session_config=sess_cfg)

    # the Estimator
    deepid_model = tf.estimator.Estimator(
        model_fn=deepid_model_fn,
        model_dir='../models/',
        config=est_cfg,
        params={
            'class_num': 8192
        })

    return deepid_model


def train_then_eval():

    # arrays for both splits
    (train_data_X, train_labels_y), (eval_data_X, eval_labels_y) = read_face_pickles()

    deepid_model = make_estimator()
    # fit
    deepid_model.train(
        input_fn=lambda: make_train_input(train_data_X, train_labels_y, 512),
        steps=50000)

    # score on the validation pairs
    eval_metrics = deepid_model.evaluate(
        input_fn=lambda: make_eval_input(eval_data_X, eval_labels_y, 512))

    print('\naccuracy on the held-out pairs: {accuracy:0.3f}\n'.format(**eval_metrics))


def main(cli_argv=None):
    train_then_eval()


if __name__ == '__main__':
    os.environ['CUDA_VISIBLE_DEVICES'] = '0'
    tf.logging.set_verbosity(tf.logging.INFO)
    tf.app.run()
