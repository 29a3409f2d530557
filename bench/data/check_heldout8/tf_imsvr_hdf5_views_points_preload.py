import os
import time
import math
from glob import glob
import tensorflow as tf
import numpy as np
import h5py
import cv2

from ops import *


# ---- model.py ----
class IMSVR(object):
    def __init__(self, sess, is_training = False, z_dim=128, ef_dim=64, gf_dim=128, dataset_name='default', checkpoint_dir=None, pretrained_z_dir=None, sample_dir=None, data_dir='./data'):
        self.sess = sess

        #progressive training
        #1-- (16, 16*16*16)
        #2-- (32, 16*16*16*2)
        #3-- (64, 32*32*32)
        #4-- (128, 32*32*32*4)

        self.real_size = 64
        self.batch_size_input = 32*32*32
        self.batch_size = 16*16*16
        self.z_batch_size = 64

        self.view_size = 137
        self.crop_size = 128
        self.view_num = 20
        self.crop_edge = self.view_size-self.crop_size

        self.z_dim = z_dim
        self.ef_dim = ef_dim
        self.gf_dim = gf_dim

        self.dataset_name = dataset_name
        self.dataset_load = dataset_name + '_train'
        self.checkpoint_dir = checkpoint_dir
        self.data_dir = data_dir

        if not is_training:
            self.test_size = 16
            self.batch_size = self.test_size*self.test_size*self.test_size
            self.dataset_load = dataset_name + '_test'

        if os.path.exists(self.data_dir+'/'+self.dataset_load+'.hdf5'):
            self.data_dict = h5py.File(self.data_dir+'/'+self.dataset_load+'.hdf5', 'r')
            self.data_points = self.data_dict['points_'+str(self.real_size)][:]
            self.data_values = self.data_dict['values_'+str(self.real_size)][:]
            self.data_pixel = self.data_dict['pixels'][:]
            data_dict_z = h5py.File(pretrained_z_dir, 'r')
            self.data_z = data_dict_z['zs'][:]
            if self.batch_size_input!=self.data_points.shape[1]:
                print("error: batch_size!=data_points.shape")
                exit(0)
            if self.view_num!=self.data_pixel.shape[1] or self.view_size!=self.data_pixel.shape[2]:
                print("error: view_size!=self.data_pixel.shape")
                exit(0)
        else:
            if is_training:
                print("error: cannot load "+self.data_dir+'/'+self.dataset_load+'.hdf5')
                exit(0)
            else:
                print("warning: cannot load "+self.data_dir+'/'+self.dataset_load+'.hdf5')

        self.build_model()

    def build_model(self):
        #for test
        self.point_coord = tf.placeholder(shape=[self.batch_size,3], dtype=tf.float32)
        self.z_vector_test = tf.placeholder(shape=[1,self.z_dim], dtype=tf.float32)
        self.view_test = tf.placeholder(shape=[1,self.crop_size,self.crop_size,1], dtype=tf.float32)

        #for train
        self.view = tf.placeholder(shape=[self.z_batch_size,self.crop_size,self.crop_size,1], dtype=tf.float32)
        self.z_vector = tf.placeholder(shape=[self.z_batch_size,self.z_dim], dtype=tf.float32)

        self.E = self.encoder(self.view, phase_train=True, reuse=False)
        self.sE = self.encoder(self.view_test, phase_train=False, reuse=True)
        self.zG = self.generator(self.point_coord, self.z_vector_test, phase_train=False, reuse=False)

        self.loss = tf.reduce_mean(tf.square(self.z_vector - self.E))
        self.vars = tf.trainable_variables()
        self.g_vars = [var for var in self.vars if 'simple_net' in var.name]
        self.e_vars = [var for var in self.vars if 'encoder' in var.name]

    def generator(self, points, z, phase_train=True, reuse=False):
        with tf.variable_scope("simple_net") as scope:
            if reuse:
                scope.reuse_variables()
            zs = tf.tile(z, [self.batch_size,1])
            pointz = tf.concat([points,zs],1)
            h1 = lrelu(linear(pointz, self.gf_dim*16, 'h1_lin'))
            h1 = tf.concat([h1,pointz],1)
            h2 = lrelu(linear(h1, self.gf_dim*8, 'h4_lin'))
            h2 = tf.concat([h2,pointz],1)
            h3 = lrelu(linear(h2, self.gf_dim*4, 'h5_lin'))
            h3 = tf.concat([h3,pointz],1)
            h4 = lrelu(linear(h3, self.gf_dim*2, 'h6_lin'))
            h4 = tf.concat([h4,pointz],1)
            h5 = lrelu(linear(h4, self.gf_dim, 'h7_lin'))
            h6 = tf.nn.sigmoid(linear(h5, 1, 'h8_lin'))
            return tf.reshape(h6, [self.batch_size,1])

    def encoder(self, view, phase_train=True, reuse=False):
        with tf.variable_scope("encoder") as scope:
            if reuse:
                scope.reuse_variables()
            view = 1.0 - view
            layer_0 = conv2d_nobias(view, shape=[7, 7, 1, self.ef_dim], strides=[1,2,2,1], scope='conv0')
            layer_0 = batch_norm(layer_0, phase_train)
            layer_0 = lrelu(layer_0)
            layer_9 = conv2d_nobias(layer_0, shape=[4, 4, self.ef_dim, self.ef_dim*8], strides=[1,2,2,1], scope='conv9')
            layer_9 = batch_norm(layer_9, phase_train)
            layer_9 = lrelu(layer_9)
            layer_10 = conv2d(layer_9, shape=[4, 4, self.ef_dim*8, self.z_dim], strides=[1,1,1,1], scope='conv10', padding="VALID")
            layer_10 = tf.nn.sigmoid(layer_10)
            return tf.reshape(layer_10, [-1,self.z_dim])

    def train(self, config):
        #first time run
        ae_optim = tf.train.AdamOptimizer(config.learning_rate, beta1=config.beta1, ).minimize(self.loss, var_list=self.e_vars)
        self.sess.run(tf.global_variables_initializer())

        self.saver = tf.train.Saver(self.g_vars)
        could_load, checkpoint_counter = self.load_pretrained(config.pretrained_model_dir)
        if could_load:
            print(" [*] Load SUCCESS")
        else:
            print(" [!] Load failed...")
            exit(0)

        batch_index_list = np.arange(len(self.data_points))
        batch_idxs = int(len(self.data_points)/self.z_batch_size)
        batch_num = int(self.batch_size_input/self.batch_size)
        self.saver = tf.train.Saver(max_to_keep=10)
        counter = 0
        start_time = time.time()

        batch_view = np.zeros([self.z_batch_size,self.crop_size,self.crop_size,1], np.float32)
        for epoch in range(counter, config.epoch):
            np.random.shuffle(batch_index_list)
            avg_loss = 0
            avg_num = 0
            for idx in range(0, batch_idxs):
                for t in range(self.z_batch_size):
                    dxb = batch_index_list[idx*self.z_batch_size+t]
                    which_view = np.random.randint(self.view_num)
                    batch_view_ = self.data_pixel[dxb,which_view]
                    offset_x = np.random.randint(self.crop_edge)
                    offset_y = np.random.randint(self.crop_edge)
                    if np.random.randint(2)==0:
                        batch_view_ = batch_view_[offset_y:offset_y+self.crop_size, offset_x:offset_x+self.crop_size]
                    else:
                        batch_view_ = np.flip(batch_view_[offset_y:offset_y+self.crop_size, offset_x:offset_x+self.crop_size], 1)
                    batch_view[t] = np.reshape(batch_view_/255.0, [self.crop_size,self.crop_size,1])
                batch_z = self.data_z[batch_index_list[idx*self.z_batch_size:(idx+1)*self.z_batch_size]]

                # Update AE network
                _, errAE = self.sess.run([ae_optim, self.loss],
                    feed_dict={
                        self.view: batch_view,
                        self.z_vector: batch_z,
                    })

                avg_loss += errAE
                avg_num += 1

                if idx==batch_idxs-1:
                    print("Epoch: [%2d/%2d] [%4d/%4d] time: %4.4f, loss: %.8f, avgloss: %.8f" % (epoch, config.epoch, idx, batch_idxs, time.time() - start_time, errAE, avg_loss/avg_num))

                    if epoch%10 == 0:
                        sample_z = self.sess.run(self.sE, feed_dict={self.view_test: batch_view[0:1]})
                        model_float = np.zeros([self.real_size,self.real_size,self.real_size],np.float32)
                        dxb = batch_index_list[idx*self.z_batch_size]
                        for minib in range(batch_num):
                            batch_points_int = self.data_points[dxb,minib*self.batch_size:(minib+1)*self.batch_size]
                            batch_points = (batch_points_int+0.5)/self.real_size*2.0-1.0
                            model_out = self.sess.run(self.zG,
                                feed_dict={
                                    self.z_vector_test: sample_z,
                                    self.point_coord: batch_points,
                                })
                            model_float[batch_points_int[:,0],batch_points_int[:,1],batch_points_int[:,2]] = np.reshape(model_out, [self.batch_size])
                        img1 = np.clip(np.amax(model_float, axis=0)*256, 0,255).astype(np.uint8)
                        cv2.imwrite(config.sample_dir+"/"+str(epoch)+"_1t.png",img1)
                        self.save(config.checkpoint_dir, epoch)


# ---- main.py ----
flags = tf.app.flags
flags.DEFINE_integer("epoch", 1500, "Epoch to train [25]")
flags.DEFINE_float("learning_rate", 0.00005, "Learning rate of for adam [0.0002]")
flags.DEFINE_float("beta1", 0.5, "Momentum term of adam [0.5]")
flags.DEFINE_string("dataset", "02691156_hsp_vox", "The name of dataset")
flags.DEFINE_string("checkpoint_dir", "checkpoint", "Directory name to save the checkpoints [checkpoint]")
flags.DEFINE_string("data_dir", "./data", "Root directory of dataset [data]")
flags.DEFINE_string("pretrained_model_dir", "./checkpoint/02691156_hsp_vox_only_train_64", "Root directory of pretrained_model")
flags.DEFINE_string("pretrained_z_dir", "./data/02691156_hsp_vox_only_train_z.hdf5", "Root directory of pretrained_model_z")
flags.DEFINE_string("sample_dir", "samples", "Directory name to save the image samples [samples]")
flags.DEFINE_boolean("train", False, "True for training, False for testing [False]")
FLAGS = flags.FLAGS

def main(_):
    if not os.path.exists(FLAGS.checkpoint_dir):
        os.makedirs(FLAGS.checkpoint_dir)
    if not os.path.exists(FLAGS.sample_dir):
        os.makedirs(FLAGS.sample_dir)

    run_config = tf.ConfigProto()
    run_config.gpu_options.allow_growth=True

    with tf.Session(config=run_config) as sess:
        imsvr = IMSVR(
                sess,
                is_training = FLAGS.train,
                dataset_name=FLAGS.dataset,
                checkpoint_dir=FLAGS.checkpoint_dir,
                pretrained_z_dir=FLAGS.pretrained_z_dir,
                sample_dir=FLAGS.sample_dir,
                data_dir=FLAGS.data_dir)

        if FLAGS.train:
            imsvr.train(FLAGS)

if __name__ == '__main__':
    tf.app.run()
