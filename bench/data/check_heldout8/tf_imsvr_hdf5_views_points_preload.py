import os
import time
import math
from glob import glob
import tensorflow as tf
import numpy as np
import h5py
import cv2

from ops import *


# == the single-view reconstruction model (model.py) ==
class SingleViewRecon(object):
    def __init__(self, tf_sess, training_mode = False, latent_dim=128, enc_ch=64, dec_ch=128, data_name='default', ckpt_dir=None, z_file=None, samples_dir=None, data_root='./data'):
        self.tf_sess = tf_sess

        # training grows the resolution in stages:
        # stage 1: 16^3 grid, 4096 points
        # stage 2: 32^3 grid, 8192 points
        # stage 3: 64^3 grid, 32768 points
        # stage 4: 128^3 grid, 131072 points

        self.vox_res = 64
        self.points_per_shape = 32*32*32
        self.point_batch = 16*16*16
        self.shape_batch = 64

        self.view_px = 137
        self.crop_px = 128
        self.views_per_shape = 20
        self.crop_margin = self.view_px-self.crop_px

        self.latent_dim = latent_dim
        self.enc_ch = enc_ch
        self.dec_ch = dec_ch

        self.data_name = data_name
        self.data_file_stem = data_name + '_train'
        self.ckpt_dir = ckpt_dir
        self.data_root = data_root

        if not training_mode:
            self.test_grid = 16
            self.point_batch = self.test_grid*self.test_grid*self.test_grid
            self.data_file_stem = data_name + '_test'

        if os.path.exists(self.data_root+'/'+self.data_file_stem+'.hdf5'):
            self.data_h5 = h5py.File(self.data_root+'/'+self.data_file_stem+'.hdf5', 'r')
            self.all_points = self.data_h5['points_'+str(self.vox_res)][:]
            self.all_values = self.data_h5['values_'+str(self.vox_res)][:]
            self.all_pixels = self.data_h5['pixels'][:]
            z_data_h5 = h5py.File(z_file, 'r')
            self.z_data = z_data_h5['zs'][:]
            if self.points_per_shape!=self.all_points.shape[1]:
                print("point count in the file does not match points_per_shape")
                exit(0)
            if self.views_per_shape!=self.all_pixels.shape[1] or self.view_px!=self.all_pixels.shape[2]:
                print("view count or size in the file does not match the settings")
                exit(0)
        else:
            if training_mode:
                print("training data missing: "+self.data_root+'/'+self.data_file_stem+'.hdf5')
                exit(0)
            else:
                print("no data file (fine for testing): "+self.data_root+'/'+self.data_file_stem+'.hdf5')

        self.make_graph()

    def make_graph(self):
        # inputs used at test time
        self.coords_in = tf.placeholder(shape=[self.point_batch,3], dtype=tf.float32)
        self.z_test_in = tf.placeholder(shape=[1,self.latent_dim], dtype=tf.float32)
        self.view_test_in = tf.placeholder(shape=[1,self.crop_px,self.crop_px,1], dtype=tf.float32)

        # inputs used in training
        self.view_in = tf.placeholder(shape=[self.shape_batch,self.crop_px,self.crop_px,1], dtype=tf.float32)
        self.z_target_in = tf.placeholder(shape=[self.shape_batch,self.latent_dim], dtype=tf.float32)

        self.enc_train_out = self.encoder_net(self.view_in, is_train_phase=True, reuse_vars=False)
        self.enc_test_out = self.encoder_net(self.view_test_in, is_train_phase=False, reuse_vars=True)
        self.dec_out = self.decoder_net(self.coords_in, self.z_test_in, is_train_phase=False, reuse_vars=False)

        self.enc_loss = tf.reduce_mean(tf.square(self.z_target_in - self.enc_train_out))
        self.all_vars = tf.trainable_variables()
        self.dec_vars = [v for v in self.all_vars if 'simple_net' in v.name]
        self.enc_vars = [v for v in self.all_vars if 'encoder' in v.name]

    def decoder_net(self, coords, z_code, is_train_phase=True, reuse_vars=False):
        with tf.variable_scope("simple_net") as vs:
            if reuse_vars:
                vs.reuse_variables()
            z_tiled = tf.tile(z_code, [self.point_batch,1])
            pz_cat = tf.concat([coords,z_tiled],1)
            d1 = lrelu(linear(pz_cat, self.dec_ch*16, 'h1_lin'))
            d1 = tf.concat([d1,pz_cat],1)
            d2 = lrelu(linear(d1, self.dec_ch*8, 'h4_lin'))
            d2 = tf.concat([d2,pz_cat],1)
            d3 = lrelu(linear(d2, self.dec_ch*4, 'h5_lin'))
            d3 = tf.concat([d3,pz_cat],1)
            d4 = lrelu(linear(d3, self.dec_ch*2, 'h6_lin'))
            d4 = tf.concat([d4,pz_cat],1)
            d5 = lrelu(linear(d4, self.dec_ch, 'h7_lin'))
            d6 = tf.nn.sigmoid(linear(d5, 1, 'h8_lin'))
            return tf.reshape(d6, [self.point_batch,1])

    def encoder_net(self, view_img, is_train_phase=True, reuse_vars=False):
        with tf.variable_scope("encoder") as vs:
            if reuse_vars:
                vs.reuse_variables()
            view_img = 1.0 - view_img
            e0 = conv2d_nobias(view_img, shape=[7, 7, 1, self.enc_ch], strides=[1,2,2,1], scope='conv0')
            e0 = batch_norm(e0, is_train_phase)
            e0 = lrelu(e0)
            e1 = conv2d_nobias(e0, shape=[4, 4, self.enc_ch, self.enc_ch*8], strides=[1,2,2,1], scope='conv9')
            e1 = batch_norm(e1, is_train_phase)
            e1 = lrelu(e1)
            e2 = conv2d(e1, shape=[4, 4, self.enc_ch*8, self.latent_dim], strides=[1,1,1,1], scope='conv10', padding="VALID")
            e2 = tf.nn.sigmoid(e2)
            return tf.reshape(e2, [-1,self.latent_dim])

    def train_encoder(self, flags_cfg):
        # restores the decoder, then trains only the encoder
        enc_optimizer = tf.train.AdamOptimizer(flags_cfg.learning_rate, beta1=flags_cfg.beta1, ).minimize(self.enc_loss, var_list=self.enc_vars)
        self.tf_sess.run(tf.global_variables_initializer())

        self.ckpt_saver = tf.train.Saver(self.dec_vars)
        loaded_ok, ckpt_step = self.load_pretrained(flags_cfg.pretrained_model_dir)
        if loaded_ok:
            print(" pretrained decoder restored")
        else:
            print(" could not restore the pretrained decoder")
            exit(0)

        shape_order = np.arange(len(self.all_points))
        n_steps = int(len(self.all_points)/self.shape_batch)
        n_point_batches = int(self.points_per_shape/self.point_batch)
        self.ckpt_saver = tf.train.Saver(max_to_keep=10)
        first_epoch = 0
        t0 = time.time()

        view_batch = np.zeros([self.shape_batch,self.crop_px,self.crop_px,1], np.float32)
        for epoch_i in range(first_epoch, flags_cfg.epoch):
            np.random.shuffle(shape_order)
            loss_sum = 0
            n_steps_done = 0
            for step_i in range(0, n_steps):
                for slot in range(self.shape_batch):
                    shape_i = shape_order[step_i*self.shape_batch+slot]
                    view_i = np.random.randint(self.views_per_shape)
                    one_view = self.all_pixels[shape_i,view_i]
                    ox = np.random.randint(self.crop_margin)
                    oy = np.random.randint(self.crop_margin)
                    if np.random.randint(2)==0:
                        one_view = one_view[oy:oy+self.crop_px, ox:ox+self.crop_px]
                    else:
                        one_view = np.flip(one_view[oy:oy+self.crop_px, ox:ox+self.crop_px], 1)
                    view_batch[slot] = np.reshape(one_view/255.0, [self.crop_px,self.crop_px,1])
                z_batch = self.z_data[shape_order[step_i*self.shape_batch:(step_i+1)*self.shape_batch]]

                # one encoder step
                _, step_loss = self.tf_sess.run([enc_optimizer, self.enc_loss],
                    feed_dict={
                        self.view_in: view_batch,
                        self.z_target_in: z_batch,
                    })

                loss_sum += step_loss
                n_steps_done += 1

                if step_i==n_steps-1:
                    print("epoch %2d of %2d, step %4d of %4d, %4.4fs, loss %.8f, mean %.8f" % (epoch_i, flags_cfg.epoch, step_i, n_steps, time.time() - t0, step_loss, loss_sum/n_steps_done))

                    if epoch_i%10 == 0:
                        z_pred = self.tf_sess.run(self.enc_test_out, feed_dict={self.view_test_in: view_batch[0:1]})
                        vox_grid = np.zeros([self.vox_res,self.vox_res,self.vox_res],np.float32)
                        shape_i = shape_order[step_i*self.shape_batch]
                        for pb in range(n_point_batches):
                            pts_int_batch = self.all_points[shape_i,pb*self.point_batch:(pb+1)*self.point_batch]
                            pts_batch = (pts_int_batch+0.5)/self.vox_res*2.0-1.0
                            occ_out = self.tf_sess.run(self.dec_out,
                                feed_dict={
                                    self.z_test_in: z_pred,
                                    self.coords_in: pts_batch,
                                })
                            vox_grid[pts_int_batch[:,0],pts_int_batch[:,1],pts_int_batch[:,2]] = np.reshape(occ_out, [self.point_batch])
                        proj_img = np.clip(np.amax(vox_grid, axis=0)*256, 0,255).astype(np.uint8)
                        cv2.imwrite(flags_cfg.sample_dir+"/"+str(epoch_i)+"_1t.png",proj_img)
                        self.save(flags_cfg.checkpoint_dir, epoch_i)


# == entry point and flags (main.py) ==
tf_flags = tf.app.flags
tf_flags.DEFINE_integer("epoch", 1500, "how many epochs")
tf_flags.DEFINE_float("learning_rate", 0.00005, "Adam step size")
tf_flags.DEFINE_float("beta1", 0.5, "Adam beta1")
tf_flags.DEFINE_string("dataset", "02691156_hsp_vox", "data set name")
tf_flags.DEFINE_string("checkpoint_dir", "checkpoint", "where checkpoints go")
tf_flags.DEFINE_string("data_dir", "./data", "folder with the HDF5 files")
tf_flags.DEFINE_string("pretrained_model_dir", "./checkpoint/02691156_hsp_vox_only_train_64", "checkpoint of the pretrained decoder")
tf_flags.DEFINE_string("pretrained_z_dir", "./data/02691156_hsp_vox_only_train_z.hdf5", "HDF5 file of the pretrained latent codes")
tf_flags.DEFINE_string("sample_dir", "samples", "where sample projections go")
tf_flags.DEFINE_boolean("train", False, "train (True) or test (False)")
OPTS = tf_flags.FLAGS

def main(_):
    if not os.path.exists(OPTS.checkpoint_dir):
        os.makedirs(OPTS.checkpoint_dir)
    if not os.path.exists(OPTS.sample_dir):
        os.makedirs(OPTS.sample_dir)

    sess_cfg = tf.ConfigProto()
    sess_cfg.gpu_options.allow_growth=True

    with tf.Session(config=sess_cfg) as tf_sess:
        recon_model = SingleViewRecon(
                tf_sess,
                training_mode = OPTS.train,
                data_name=OPTS.dataset,
                ckpt_dir=OPTS.checkpoint_dir,
                z_file=OPTS.pretrained_z_dir,
                samples_dir=OPTS.sample_dir,
                data_root=OPTS.data_dir)

        if OPTS.train:
            recon_model.train_encoder(OPTS)

if __name__ == '__main__':
    tf.app.run()
