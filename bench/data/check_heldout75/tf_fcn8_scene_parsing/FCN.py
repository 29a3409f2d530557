from __future__ import print_function
import tensorflow as tf
import numpy as np

import TensorflowUtils as utils
import read_MITSceneParsingData as scene_parsing
import datetime
import BatchDatsetReader as dataset
from six.moves import xrange

FLAGS = tf.flags.FLAGS
tf.flags.DEFINE_integer("batch_size", "2", "samples per step")
tf.flags.DEFINE_string("logs_dir", "logs/", "where summaries and checkpoints go")
tf.flags.DEFINE_string("data_dir", "Data_zoo/MIT_SceneParsing/", "data set folder")
tf.flags.DEFINE_float("learning_rate", "1e-4", "Adam step size")
tf.flags.DEFINE_string("model_dir", "Model_zoo/", "folder of the VGG .mat file")
tf.flags.DEFINE_bool('debug', "False", "extra summaries: True/ False")
tf.flags.DEFINE_string('mode', "train", "train/ test/ visualize")

VGG_MAT_URL = 'http://www.vlfeat.org/matconvnet/models/beta16/imagenet-vgg-verydeep-19.mat'

MAX_ITERATION = int(1e5 + 1)
NUM_OF_CLASSESS = 151
IMAGE_SIZE = 224


def vgg_net(weights, image):
    names = (
        'conv1_1', 'relu1_1', 'conv1_2', 'relu1_2', 'pool1',

        'conv2_1', 'relu2_1', 'conv2_2', 'relu2_2', 'pool2',

        'conv3_1', 'relu3_1', 'conv3_2', 'relu3_2', 'conv3_3',
        'relu3_3', 'conv3_4', 'relu3_4', 'pool3',

        'conv4_1', 'relu4_1', 'conv4_2', 'relu4_2', 'conv4_3',
        'relu4_3', 'conv4_4', 'relu4_4', 'pool4',

        'conv5_1', 'relu5_1', 'conv5_2', 'relu5_2', 'conv5_3',
        'relu5_3', 'conv5_4', 'relu5_4'
    )

    feats = {}
    h = image
    for k, nm in enumerate(names):
        tag = nm[:4]
        if tag == 'conv':
            w, b = weights[k][0][0][0][0]
            # the .mat stores [w, h, in, out]
            # TF wants [h, w, in, out]
            w = utils.get_variable(np.transpose(w, (1, 0, 2, 3)), name=nm + "_w")
            b = utils.get_variable(b.reshape(-1), name=nm + "_b")
            h = utils.conv2d_basic(h, w, b)
        elif tag == 'relu':
            h = tf.nn.relu(h, name=nm)
            if FLAGS.debug:
                utils.add_activation_summary(h)
        elif tag == 'pool':
            h = utils.avg_pool_2x2(h)
        feats[nm] = h

    return feats


def inference(image, keep_prob):
    """
    FCN-8s segmentation graph
    :param image: batch of pictures with values 0-255
    :param keep_prob:
    :return:
    """
    print("building the VGG-initialised encoder ...")
    mat = utils.get_model_data(FLAGS.model_dir, VGG_MAT_URL)

    avg = mat['normalization'][0][0][0]
    avg_pixel = np.mean(avg, axis=(0, 1))

    vgg_w = np.squeeze(mat['layers'])

    centred = utils.process_image(image, avg_pixel)

    with tf.variable_scope("inference"):
        enc = vgg_net(vgg_w, centred)
        last_conv = enc["conv5_3"]

        p5 = utils.max_pool_2x2(last_conv)

        W6 = utils.weight_variable([7, 7, 512, 4096], name="W6")
        b6 = utils.bias_variable([4096], name="b6")
        c6 = utils.conv2d_basic(p5, W6, b6)
        r6 = tf.nn.relu(c6, name="relu6")
        if FLAGS.debug:
            utils.add_activation_summary(r6)
        d6 = tf.nn.dropout(r6, keep_prob=keep_prob)

        W7 = utils.weight_variable([1, 1, 4096, 4096], name="W7")
        b7 = utils.bias_variable([4096], name="b7")
        c7 = utils.conv2d_basic(d6, W7, b7)
        r7 = tf.nn.relu(c7, name="relu7")
        if FLAGS.debug:
            utils.add_activation_summary(r7)
        d7 = tf.nn.dropout(r7, keep_prob=keep_prob)

        W8 = utils.weight_variable([1, 1, 4096, NUM_OF_CLASSESS], name="W8")
        b8 = utils.bias_variable([NUM_OF_CLASSESS], name="b8")
        c8 = utils.conv2d_basic(d7, W8, b8)
        # coarse_pred = tf.argmax(c8, dimension=3, name="prediction1")

        # upsample back to the input resolution
        s4 = enc["pool4"].get_shape()
        Wu1 = utils.weight_variable([4, 4, s4[3].value, NUM_OF_CLASSESS], name="W_t1")
        bu1 = utils.bias_variable([s4[3].value], name="b_t1")
        up1 = utils.conv2d_transpose_strided(c8, Wu1, bu1, output_shape=tf.shape(enc["pool4"]))
        skip1 = tf.add(up1, enc["pool4"], name="fuse_1")

        s3 = enc["pool3"].get_shape()
        Wu2 = utils.weight_variable([4, 4, s3[3].value, s4[3].value], name="W_t2")
        bu2 = utils.bias_variable([s3[3].value], name="b_t2")
        up2 = utils.conv2d_transpose_strided(skip1, Wu2, bu2, output_shape=tf.shape(enc["pool3"]))
        skip2 = tf.add(up2, enc["pool3"], name="fuse_2")

        ishape = tf.shape(image)
        out_shape = tf.stack([ishape[0], ishape[1], ishape[2], NUM_OF_CLASSESS])
        Wu3 = utils.weight_variable([16, 16, NUM_OF_CLASSESS, s3[3].value], name="W_t3")
        bu3 = utils.bias_variable([NUM_OF_CLASSESS], name="b_t3")
        up3 = utils.conv2d_transpose_strided(skip2, Wu3, bu3, output_shape=out_shape, stride=8)

        label_map = tf.argmax(up3, dimension=3, name="prediction")

    return tf.expand_dims(label_map, dim=3), up3


def train(loss_val, var_list):
    opt = tf.train.AdamOptimizer(FLAGS.learning_rate)
    gv = opt.compute_gradients(loss_val, var_list=var_list)
    if FLAGS.debug:
        # print(len(var_list))
        for g, v in gv:
            utils.add_gradient_summary(g, v)
    return opt.apply_gradients(gv)


def main(argv=None):
    keep_prob_ph = tf.placeholder(tf.float32, name="keep_probabilty")
    image = tf.placeholder(tf.float32, shape=[None, IMAGE_SIZE, IMAGE_SIZE, 3], name="input_image")
    annotation = tf.placeholder(tf.int32, shape=[None, IMAGE_SIZE, IMAGE_SIZE, 1], name="annotation")

    pred_map, logits = inference(image, keep_prob_ph)
    tf.summary.image("input_image", image, max_outputs=2)
    tf.summary.image("ground_truth", tf.cast(annotation, tf.uint8), max_outputs=2)
    tf.summary.image("pred_annotation", tf.cast(pred_map, tf.uint8), max_outputs=2)
    loss = tf.reduce_mean((tf.nn.sparse_softmax_cross_entropy_with_logits(logits=logits,
                                                                          labels=tf.squeeze(annotation, squeeze_dims=[3]),
                                                                          name="entropy")))
    loss_sum = tf.summary.scalar("entropy", loss)

    train_vars = tf.trainable_variables()
    if FLAGS.debug:
        for v in train_vars:
            utils.add_to_regularization_and_summary(v)
    step_op = train(loss, train_vars)

    print("merging summaries...")
    all_sums = tf.summary.merge_all()

    print("listing the data set files...")
    tr_recs, va_recs = scene_parsing.read_dataset(FLAGS.data_dir)
    print(len(tr_recs))
    print(len(va_recs))

    print("building the readers")
    opts = {'resize': True, 'resize_size': IMAGE_SIZE}
    if FLAGS.mode == 'train':
        tr_reader = dataset.BatchDatset(tr_recs, opts)
    va_reader = dataset.BatchDatset(va_recs, opts)

    sess = tf.Session()

    print("creating the saver...")
    saver = tf.train.Saver()

    # one writer for training loss, one for validation loss
    # (make 'train' and 'validation' folders under logs_dir first)
    tr_writer = tf.summary.FileWriter(FLAGS.logs_dir + '/train', sess.graph)
    va_writer = tf.summary.FileWriter(FLAGS.logs_dir + '/validation')

    sess.run(tf.global_variables_initializer())
    ckpt = tf.train.get_checkpoint_state(FLAGS.logs_dir)
    if ckpt and ckpt.model_checkpoint_path:
        saver.restore(sess, ckpt.model_checkpoint_path)
        print("weights restored...")

    if FLAGS.mode == "train":
        for it in xrange(MAX_ITERATION):
            bx, by = tr_reader.next_batch(FLAGS.batch_size)
            feed = {image: bx, annotation: by, keep_prob_ph: 0.85}

            sess.run(step_op, feed_dict=feed)

            if it % 10 == 0:
                tr_loss, s = sess.run([loss, loss_sum], feed_dict=feed)
                print("it: %d, train loss:%g" % (it, tr_loss))
                tr_writer.add_summary(s, it)

            if it % 500 == 0:
                vx, vy = va_reader.next_batch(FLAGS.batch_size)
                va_loss, s_va = sess.run([loss, loss_sum], feed_dict={image: vx, annotation: vy,
                                                       keep_prob_ph: 1.0})
                print("%s ---> val loss: %g" % (datetime.datetime.now(), va_loss))

                # validation curve for TensorBoard
                va_writer.add_summary(s_va, it)
                saver.save(sess, FLAGS.logs_dir + "model.ckpt", it)

    elif FLAGS.mode == "visualize":
        vx, vy = va_reader.get_random_batch(FLAGS.batch_size)
        pred = sess.run(pred_map, feed_dict={image: vx, annotation: vy,
                                                    keep_prob_ph: 1.0})
        vy = np.squeeze(vy, axis=3)
        pred = np.squeeze(pred, axis=3)

        for k in range(FLAGS.batch_size):
            utils.save_image(vx[k].astype(np.uint8), FLAGS.logs_dir, name="inp_" + str(5+k))
            utils.save_image(vy[k].astype(np.uint8), FLAGS.logs_dir, name="gt_" + str(5+k))
            utils.save_image(pred[k].astype(np.uint8), FLAGS.logs_dir, name="pred_" + str(5+k))
            print("written: %d" % k)


if __name__ == "__main__":
    tf.app.run()
