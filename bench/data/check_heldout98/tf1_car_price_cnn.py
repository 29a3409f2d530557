import os
import tensorflow as tf
import numpy as np
import random
from PIL import Image
import cv2
import matplotlib.image as mpimg
import matplotlib.pyplot as plt
from net import CNN_model


root_dir = "./image/"

table = np.load(root_dir + "train_data.npy")
img_paths = table['dir']
prices = table['price']
COUNT = 512  # full table has 1284 rows
num_bins = 4


def make_targets():
    targets = np.zeros([COUNT, num_bins], dtype=np.float32)

    for k in range(COUNT):
        price = prices[k]
        if price < 37050: # bin edges 37050 , 52900, 69000
            targets[k, :] = [1, 0, 0, 0]
        elif price <= 52900:
            targets[k, :] = [0, 1, 0, 0]
        elif price <= 69000:
            targets[k, :] = [0, 0, 1, 0]
        else:
            targets[k, :] = [0, 0, 0, 1]

    print(sum(targets[:,0]), sum(targets[:,1]), sum(targets[:,2]), sum(targets[:,3]))
    return targets

def scores_to_onehot(scores):
    best = np.argmax(scores, axis=1)
    rows = np.shape(best)[0]

    onehot = np.zeros([rows, num_bins], dtype=np.float32)

    for k in range(rows):
        if best[k] == 0:
            onehot[k, :] = [1, 0, 0, 0]
        elif best[k] == 1:
            onehot[k, :] = [0, 1, 0 ,0]
        elif best[k] == 2:
            onehot[k, :] = [0, 0, 1, 0]
        elif best[k] == 3:
            onehot[k, :] = [0, 0, 0, 1]

    return onehot

def read_all_pictures():
    for k in range(COUNT):

        path = img_paths[k]

        if not os.path.exists(path):
            path = path[:12] + '.png'
            if os.path.exists(path):
                pic = plt.imread("./" + path)
                pic = np.array(pic, dtype='f')[:, :, :-1]
        else:
            pic = plt.imread("./" + path)
            pic = np.array(pic, dtype='f')

        pic = np.reshape(pic, [1, 180, 180, 3])

        if k == 0:
            stacked = pic
        else:
            stacked = np.vstack([stacked, pic])


    return stacked




def main():
    batch = 128
    step_size = 0.000001
    b1 = 0.9
    b2 = 0.999
    eps = 0.00000001

    x_in = tf.placeholder(tf.float32, shape=[None, 180, 180, 3], name='x')
    training = tf.placeholder(tf.bool, name = 'is_train')
    net = CNN_model()

    scores = net.build(x_in, num_bins, 180, 3, 1, training)

    y_true = tf.placeholder(tf.float32, shape=[None, num_bins], name='y')

    with tf.name_scope('Loss'):
        l1_loss = tf.reduce_mean(tf.abs(scores - y_true))
        tf.summary.scalar('label_loss', l1_loss)

    train_step = tf.train.AdamOptimizer(learning_rate=step_size, beta1=b1, beta2=b2, epsilon=eps).minimize(
        l1_loss)

    ckpt = tf.train.Saver()

    pictures = read_all_pictures()
    targets = make_targets()

    with tf.Session() as sess:

        hold_idx = range(COUNT - 3, COUNT)
        hold_x = pictures[hold_idx, :, :, :]
        hold_y = targets[hold_idx, :]

        fit_idx = range(0, COUNT)
        fit_idx = [j for j in fit_idx if j not in hold_idx]
        fit_x = pictures[fit_idx, :, :, :]
        fit_y = targets[fit_idx, :]

        sess.run(tf.global_variables_initializer())
        for it in range(20001):
            pick = random.sample(range(fit_x.shape[0]), batch)
            xb = fit_x[pick, :, :, :]
            yb = fit_y[pick, :]


            _ = sess.run([train_step], feed_dict={x_in: xb, y_true: yb})

            if it % 100 == 0:
                [fit_loss] = sess.run([l1_loss], feed_dict={x_in: xb, y_true: yb, training: True})
                [hold_loss] = sess.run([l1_loss], feed_dict={x_in: hold_x, y_true: hold_y, training: False})

                print('step %i: fit loss %.6f, held-out loss %.6f' % (it, fit_loss, hold_loss))
                ckpt.save(sess, os.path.join('./model', "model.ckpt"), it)
                [out] = sess.run([scores], feed_dict={x_in: xb, y_true: yb, training: False})

                hits = (yb + scores_to_onehot(out))
                hits = np.shape(np.where(hits == 2.))[1]
                print('accuracy %i %%' %(100* hits/ batch))
        print('finished')


        sess.close()


if __name__ == '__main__':
    main()
