'''
    Point-cloud autoencoder training on one GPU (ShapeNet v1 parts).
'''
import math
from datetime import datetime
import socket
import os
import sys

import numpy as np
import tensorflow as tf

HERE_DIR = os.path.dirname(os.path.abspath(__file__))
PARENT_DIR = os.path.dirname(HERE_DIR)
print('parent folder:', PARENT_DIR)
sys.path.append(HERE_DIR) # the network code
sys.path.append(PARENT_DIR) # the provider helpers
sys.path.append(os.path.join(PARENT_DIR, 'utils'))
import provider
import tf_util
import pc_util
import shapenet_pc_dataset
import autoencoder
import config

from tqdm import tqdm
import pickle
from numpy.random import RandomState
from plyfile import PlyData, PlyElement
import pymesh


def load_xyz_from_ply(ply_path):
    """ Parse a PLY file into an (N, 3) float32 array of x, y, z. """
    if not os.path.isfile(ply_path):
        print(ply_path)
        assert(os.path.isfile(ply_path))
    with open(ply_path, 'rb') as fh:
        ply_obj = PlyData.read(fh)
        n_vert = ply_obj['vertex'].count
        xyz = np.zeros(shape=[n_vert, 3], dtype=np.float32)
        xyz[:,0] = ply_obj['vertex'].data['x']
        xyz[:,1] = ply_obj['vertex'].data['y']
        xyz[:,2] = ply_obj['vertex'].data['z']
    return xyz

def load_ply_files(ply_files):
    '''
    load every listed PLY file; gives a list of arrays
    '''
    cloud_list = []
    for ply_file in tqdm(ply_files):
        if not os.path.isfile(ply_file):
            print('missing, skipped:', ply_file)
            continue
        cloud = load_xyz_from_ply(ply_file)
        cloud_list.append(cloud)
    
    return cloud_list
def apply_rotation(pts, rot_mat):

    rotated = np.dot(rot_mat, pts.T).T

    return rotated

def rotate_about_axis(pts, ax, degrees):

    theta = math.radians(degrees)
    rot_matrix = pymesh.Quaternion.fromAxisAngle(ax, theta)
    rot_matrix = rot_matrix.to_matrix()

    rotated = apply_rotation(pts, rot_matrix)

    return rotated


class PartCloudDataset_V1:
    def __init__(self, src_cloud_dir, minibatch_size=50, n_pts=2048, do_shuffle=True,  split_name='train', extra_ply_files=None, seed_value=None, normalize_on_load=False):
        '''
        src_cloud_dir: folder holding the source PLY clouds
        minibatch_size: clouds per batch
        n_pts: points drawn from each cloud per sample
        do_shuffle: permute the clouds on every rewind
        (there is no normalize flag)
        split_name: which split pickle to read
        extra_ply_files: optional extra PLY files, for test runs only;
                                     they are put at the front of cloud_list,
                                     so they come out in the first batches

        '''
        self.minibatch_size = minibatch_size
        self.do_shuffle = do_shuffle
        self.cloud_dir = src_cloud_dir
        self.n_pts = n_pts
        # no normalize flag here
        self.split_name = split_name
        self.seed_value = seed_value
        self.normalize_on_load = normalize_on_load

        # seeded sampler
        self.rng = RandomState(self.seed_value)
        # np.random would also do

        # all clouds as numpy arrays
        self.cloud_list = self._load_all_clouds(self.cloud_dir)
        if self.normalize_on_load:
            self._normalize_clouds(self.cloud_list)

        if extra_ply_files is not None:
            print('loading the extra clouds')
            extra_clouds = pc_util.load_ply_files(extra_ply_files)
            for extra_cloud in reversed(extra_clouds):
                self.cloud_list.insert(0, extra_cloud)

        self.rewind()

    def _permute_data(self):

        order = [i for i in range(len(self.cloud_list))]
        self.rng.shuffle(order)

        self.cloud_list = [self.cloud_list[i] for i in order]
        self.cloud_files = [self.cloud_files[i] for i in order]
    
    def _load_all_clouds(self, src_dir):
        '''
        gives back every cloud of the split as a list
        '''
        # the split lists file names
        split_file = os.path.join(os.path.dirname(src_dir), os.path.basename(src_dir)+'_%s_split.pickle'%(self.split_name))
        with open(split_file, 'rb') as split_fh:
            cloud_names = pickle.load(split_fh)
        self.cloud_files = []
        for cloud_name in cloud_names:
            self.cloud_files.append(os.path.join(src_dir, cloud_name))
        self.cloud_files.sort() # keep a fixed order
        # file list not printed

        cache_file = os.path.join(os.path.dirname(src_dir), os.path.basename(src_dir)+'_%s_rotated.pickle'%(self.split_name))
        if os.path.exists(cache_file):
            print('reading the cache %s'%(cache_file))
            cache_fh = open(cache_file, 'rb')
            cloud_list = pickle.load(cache_fh)
            cache_fh.close()
        else:
            print('no cache yet: reading the PLY files')
            cloud_list = pc_util.load_ply_files(self.cloud_files) # list of arrays

            # turn the clouds 90 degrees about y so they match the v2 data
            print('rotating clouds into the v2 frame')
            for k, cloud in enumerate(cloud_list):
                turned = pc_util.rotate_about_axis(cloud, [0,1,0], 90)
                cloud_list[k] = turned

            cache_fh = open(cache_file, 'wb')
            pickle.dump(cloud_list, cache_fh)
            print('cache written: %s'%(cache_file))
            cache_fh.close()

        print('clouds in memory:', len(cloud_list))

        return cloud_list

    def _normalize_clouds(self, cloud_list):
        '''
        scale each cloud into the unit cube
        and move its bottom to y = 0
        '''
        print('normalizing clouds')
        for i, cloud in enumerate(cloud_list):
            lo_corner = np.amin(cloud, axis=0)
            hi_corner = np.amax(cloud, axis=0)

            extent = hi_corner - lo_corner

            inv_extent = 1.0 / np.amax(extent)

            mid = (hi_corner + lo_corner) / 2.0
            floor_mid = mid - np.array([0,extent[1]/2.0,0])

            cloud = cloud - floor_mid
            cloud = cloud * inv_extent

            cloud_list[i] = cloud

        print('normalized')

    def rewind(self):
        self.batch_cursor = 0
        if self.do_shuffle:
            self._permute_data()

    def clouds_for_files(self, wanted_files):

        cloud_list = []
        for wanted in wanted_files:
            at = self.cloud_files.index(wanted)
            cur_cloud = self.cloud_list[at]
            pick = self.rng.choice(cur_cloud.shape[0], self.n_pts, replace=True)
            cur_cloud = cur_cloud[pick, :]
            cloud_list.append(cur_cloud)
        cloud_list = np.array(cloud_list)

        return cloud_list

    def batches_left(self):
        n_batches = np.floor(len(self.cloud_list) / self.minibatch_size) + 1
        if self.batch_cursor < n_batches:
            return True
        return False
    
    def take_batch(self, return_names=False):
        lo = self.batch_cursor * self.minibatch_size
        hi = (self.batch_cursor+1) * self.minibatch_size

        clean_batch = np.zeros((self.minibatch_size, self.n_pts, 3))
        batch_names = []
        for i in range(lo, hi):

            if i >= len(self.cloud_list):
                wrapped = i % len(self.cloud_list)
                cur_cloud = self.cloud_list[wrapped]
                cur_name = self.cloud_files[wrapped].split('/')[-1]
            else:
                cur_cloud = self.cloud_list[i] # n x 3
                cur_name = self.cloud_files[i].split('/')[-1]

            pick = self.rng.choice(cur_cloud.shape[0], self.n_pts, replace=True)
            slot = i % self.minibatch_size
            clean_batch[slot] = cur_cloud[pick, :]
            batch_names.append(cur_name)

        self.batch_cursor += 1
        if return_names:
            return clean_batch, batch_names
        return clean_batch

    def take_batch_cut_by_share(self, jitter_mean=0.0, jitter_std=0.01, cut_lo=0.0, cut_hi=0.5, cut_prob=1.0, return_clean=False, return_names=False):
        '''
        cut_lo, cut_hi: bounds on the share of points removed
        cut_prob: chance that a cloud is cut at all
        '''
        if not return_names:
            clean_batch = self.take_batch()
        else:
            clean_batch, batch_names = self.take_batch(return_names)

        # drop the points nearest a random anchor
        cut_batch = []
        for _, sample_data in enumerate(clean_batch):
            coin = self.rng.rand()
            if coin < cut_prob:
                seed_pt = self.rng.randint(self.get_n_pts(), size=1)
                anchor = sample_data[seed_pt]

                dists = np.linalg.norm(sample_data - anchor, axis=1)

                cut_share = self.rng.uniform(cut_lo, cut_hi)

                n_drop = int(self.n_pts * cut_share)
                by_dist = np.argsort(dists) # nearest first

                kept_pts = sample_data[by_dist[n_drop:]]
                
                resample = self.rng.choice(len(kept_pts), self.n_pts, replace=True)
                kept_pts = kept_pts[resample, :]

                cut_batch.append(kept_pts)
            else:
                cut_batch.append(sample_data)
            
        cut_batch = np.asarray(cut_batch)

        # gaussian jitter
        jitter = self.rng.normal(jitter_mean, jitter_std, cut_batch.shape)
        jittered_batch = cut_batch + jitter

        if return_clean and return_names:
            return jittered_batch, clean_batch, batch_names
        return jittered_batch   

    def take_batch_cut_by_radius(self, jitter_mean=0.0, jitter_std=0.01, rad_lo=0.1, rad_hi=0.25, cut_prob=0.25, return_clean=False):
        '''
        rad_hi: largest radius cut away around a random point
        cut_prob: chance that a cloud is cut at all
        '''
        clean_batch = self.take_batch()

        # drop the points inside a random ball
        cut_batch = []
        for _, sample_data in enumerate(clean_batch):
            coin = self.rng.rand()
            if coin < cut_prob:
                seed_pt = self.rng.randint(self.get_n_pts(), size=1)
                anchor = sample_data[seed_pt]

                dists = np.linalg.norm(sample_data - anchor, axis=1)

                rad = self.rng.uniform(rad_lo, rad_hi)

                kept_pts = sample_data[dists > rad]

                if len(kept_pts) < 0.2 * self.n_pts:
                    kept_pts = sample_data
                    print('cut left too few points, using the whole cloud')
                
                resample = self.rng.choice(len(kept_pts), self.n_pts, replace=True)
                kept_pts = kept_pts[resample, :]

                cut_batch.append(kept_pts)
            else:
                cut_batch.append(sample_data)
            
        cut_batch = np.asarray(cut_batch)

        # gaussian jitter
        jitter = self.rng.normal(jitter_mean, jitter_std, cut_batch.shape)
        jittered_batch = cut_batch + jitter

        if return_clean:
            return jittered_batch, clean_batch
        return jittered_batch

    def augment_data_batch(self, clean_batch, s_lo=0.8, s_hi=1.25, do_rot=True, to_floor=True, shift=0.1):
        aug_batch = clean_batch
        if True:
            aug_batch = provider.random_scale_point_cloud(clean_batch, scale_low=s_lo, scale_high=s_hi)
        if do_rot:
            aug_batch = provider.rotate_point_cloud(aug_batch)
        if shift is not None:
            aug_batch = provider.shift_point_cloud(aug_batch, shift_range=shift)
        if to_floor:
            aug_batch = provider.lift_point_cloud_to_ground(aug_batch)
        return aug_batch

    def get_n_pts(self):
        return self.n_pts


category = 'dresser'

run_cfg = {
    'exp_name': 'ae_%s_ShapeNet-V1'%(category),
    'random_seed': None,
    'ae_type': 'c2c', # one of c2c, n2n, np2np

    'batch_size': 200,
    'lr': 0.0005, # initial step size
    'decay_rate': 0.5,
    'clip_lr': 0.0001, # floor for the step size
    'epoch': 2001,
    'save_interval': 40, # epochs between test runs
    
    'loss': 'emd',
    
    'data_aug': None,

    # jitter settings (c2c ignores them)
    'noise_mu': 0.0, 
    'noise_sigma': 0.01, 
    # ball radius bounds (unused)
    # ball radius bounds (unused)
    'p_min': 0.05,
    'p_max': 0.5,
    'partial_portion': 0.25,

    # encoder settings
    'latent_code_dim': 128,
    'n_filters': [64,128,128,256],
    'filter_size': 1,
    'stride': 1,
    'encoder_bn': True,

    # decoder settings
    'point_cloud_shape': [2048, 3],
    'fc_sizes': [256, 256], 
    'decoder_bn': False,

    'activation_fn': tf.nn.relu,
}

# decay_step counts samples (chair 5e6, table 7e6, about 800 epochs each)
# output_interval counts batches
if category == 'chair':
    run_cfg['point_cloud_dir'] = config.ShapeNet_v1_chair_point_cloud
    run_cfg['decay_step'] = 5000000
    run_cfg['output_interval'] = 30
elif category == 'table':
    run_cfg['point_cloud_dir'] = config.ShapeNet_v1_table_point_cloud
    run_cfg['decay_step'] = 7000000
    run_cfg['output_interval'] = 30
elif category == 'plane':
    run_cfg['point_cloud_dir'] = config.ShapeNet_v1_plane_point_cloud
    run_cfg['decay_step'] = 3500000
    run_cfg['output_interval'] = 10
elif category == 'car':
    run_cfg['point_cloud_dir'] = config.ShapeNet_v1_car_point_cloud
    run_cfg['decay_step'] = 6000000
    run_cfg['output_interval'] = 10

elif category == 'lamp':
    run_cfg['point_cloud_dir'] = config.ShapeNet_v1_lamp_point_cloud
    run_cfg['decay_step'] = 2000000
    run_cfg['output_interval'] = 5
elif category == 'sofa':
    run_cfg['point_cloud_dir'] = config.ShapeNet_v1_sofa_point_cloud
    run_cfg['decay_step'] = 2500000
    run_cfg['output_interval'] = 5
elif category == 'boat':
    run_cfg['point_cloud_dir'] = config.ShapeNet_v1_boat_point_cloud
    run_cfg['decay_step'] = 1800000
    run_cfg['output_interval'] = 5
elif category == 'dresser':
    run_cfg['point_cloud_dir'] = config.ShapeNet_v1_dresser_point_cloud
    run_cfg['decay_step'] = 1000000
    run_cfg['output_interval'] = 5

TRAIN_PC_DATASET = shapenet_pc_dataset.PartCloudDataset_V1(run_cfg['point_cloud_dir'], minibatch_size=run_cfg['batch_size'], n_pts=run_cfg['point_cloud_shape'][0], do_shuffle=True, split_name='trainval', normalize_on_load=False)
TEST_PC_DATASET = shapenet_pc_dataset.PartCloudDataset_V1(run_cfg['point_cloud_dir'], minibatch_size=run_cfg['batch_size'], n_pts=run_cfg['point_cloud_shape'][0], do_shuffle=False, split_name='test', normalize_on_load=False)

# copy the code of this run next to its logs
# older log folder layout, not used
RUN_LOG_DIR = os.path.join('run', 'run_shapenet_v1_clean_ae', 'run_%s'%(category), 'log_' + run_cfg['exp_name'] + '_' + run_cfg['ae_type'] +'_' + datetime.now().strftime('%Y-%m-%d-%H-%M-%S'))
print(RUN_LOG_DIR)
if not os.path.exists(RUN_LOG_DIR): os.makedirs(RUN_LOG_DIR)

this_script = os.path.basename(__file__)
backup_files = ['autoencoder.py', 
                 this_script, 
                 'shapenet_pc_dataset.py', 
                 'pointnet_utils/pointnet_encoder_decoder.py']
for bfile in backup_files:
    os.system('cp %s %s' % (bfile, RUN_LOG_DIR))
LOG_FH = open(os.path.join(RUN_LOG_DIR, 'log_train.txt'), 'w')
LOG_FH.write(str(run_cfg)+'\n')

HOST = socket.gethostname()

def log_line(msg):
    LOG_FH.write(msg+'\n')
    LOG_FH.flush()
    print(msg)

def list_train_vars():
    tvars = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES)
    for v in tvars:
        print(v.name)

def train_ae():
    with tf.Graph().as_default():
        with tf.device('/gpu:'+str(0)):
            ae_net = autoencoder.AutoEncoder(paras=run_cfg)
            list_train_vars()

            rec_loss, rec_out, _ = ae_net.model()
            optimizer_op = ae_net.make_optimizer(rec_loss)

            # running mean of the loss for tensorboard
            with tf.name_scope('metrics'):
                rec_loss_avg, rec_loss_avg_upd = tf.metrics.mean(rec_loss)
            clear_metrics = tf.variables_initializer([lv for lv in tf.local_variables()
                                                 if lv.name.split('/')[0] == 'metrics'])

            tf.summary.scalar('loss/train', rec_loss_avg, collections=['train'])
            tf.summary.scalar('loss/test', rec_loss_avg, collections=['test'])

            train_summary_op = tf.summary.merge_all('train')
            test_summary_op = tf.summary.merge_all('test')
            train_tb = tf.summary.FileWriter(os.path.join(RUN_LOG_DIR, 'summary', 'train'))
            test_tb = tf.summary.FileWriter(os.path.join(RUN_LOG_DIR, 'summary', 'test'))
            ckpt_saver = tf.train.Saver(max_to_keep=None)

        # show the net
        log_line('network:')
        log_line(str(ae_net))

        # session settings
        sess_cfg = tf.ConfigProto()
        sess_cfg.gpu_options.allow_growth = True
        sess_cfg.allow_soft_placement = True
        sess_cfg.log_device_placement = False
        tf_sess = tf.Session(config=sess_cfg)

        # initialise
        init_op = tf.global_variables_initializer()
        tf_sess.run(init_op)
        tf_sess.run(clear_metrics)

        global_batch_no = 0
        for epoch_no in range(run_cfg['epoch']):
            log_line('=== pass %d ===' % epoch_no)
            
            # one pass over the train split
            while TRAIN_PC_DATASET.batches_left():
                tf_sess.run(clear_metrics)

                if run_cfg['ae_type'] == 'c2c':
                    train_batch_in = TRAIN_PC_DATASET.take_batch()
                elif run_cfg['ae_type'] == 'n2n':
                    train_batch_in = TRAIN_PC_DATASET.next_batch_noise_added(noise_mu=run_cfg['noise_mu'], noise_sigma=run_cfg['noise_sigma'])
                elif run_cfg['ae_type'] == 'np2np':
                    train_batch_in = TRAIN_PC_DATASET.take_batch_cut_by_share(jitter_mean=run_cfg['noise_mu'], jitter_std=run_cfg['noise_sigma'], cut_lo=run_cfg['p_min'], cut_hi=run_cfg['p_max'], cut_prob=run_cfg['partial_portion'])
                else:
                    log_line('no such ae_type: %s'%(run_cfg['ae_type']))
                    exit
                
                if run_cfg['data_aug'] is not None:
                    train_batch_in = TRAIN_PC_DATASET.augment_data_batch(train_batch_in, s_lo=run_cfg['data_aug']['scale_low'],s_hi=run_cfg['data_aug']['scale_high'], do_rot=run_cfg['data_aug']['rot'],to_floor=run_cfg['data_aug']['snap2ground'],shift=run_cfg['data_aug']['trans'])
                
                _, _ = tf_sess.run([optimizer_op, rec_loss_avg_upd], 
                                                        feed_dict={
                                                                    ae_net.input_pl: train_batch_in, 
                                                                    ae_net.is_training: True
                                                                    }
                                                        )

                if TRAIN_PC_DATASET.batch_cursor % run_cfg['output_interval'] == 0:
                    rec_loss_value, train_summary = tf_sess.run([rec_loss_avg, train_summary_op])
                    tf_sess.run(clear_metrics)
                    log_line('--- after batch %d ---' % TRAIN_PC_DATASET.batch_cursor)
                    log_line('  mean reconstruction loss {:.6f}'.format(rec_loss_value))

                    train_tb.add_summary(train_summary, global_batch_no)
                    train_tb.flush()

                global_batch_no +=  1

            # start the next pass from the top
            TRAIN_PC_DATASET.rewind() 

            # periodic test run and checkpoint
            if epoch_no % run_cfg['save_interval'] == 0:
                # mean loss over the whole test split
                tf_sess.run(clear_metrics)
                TEST_PC_DATASET.rewind()
                while TEST_PC_DATASET.batches_left():

                    if run_cfg['ae_type'] == 'c2c':
                        test_batch_in = TEST_PC_DATASET.take_batch()
                    elif run_cfg['ae_type'] == 'n2n':
                        test_batch_in = TEST_PC_DATASET.next_batch_noise_added(noise_mu=run_cfg['noise_mu'], noise_sigma=run_cfg['noise_sigma'])
                    elif run_cfg['ae_type'] == 'np2np':
                        test_batch_in = TEST_PC_DATASET.take_batch_cut_by_share(jitter_mean=run_cfg['noise_mu'], jitter_std=run_cfg['noise_sigma'], cut_lo=run_cfg['p_min'], cut_hi=run_cfg['p_max'], cut_prob=run_cfg['partial_portion'])
                    else:
                        log_line('no such ae_type: %s'%(run_cfg['ae_type']))
                        exit
                    
                    if run_cfg['data_aug'] is not None:
                        test_batch_in = TEST_PC_DATASET.augment_data_batch(test_batch_in, s_lo=run_cfg['data_aug']['scale_low'],s_hi=run_cfg['data_aug']['scale_high'], do_rot=run_cfg['data_aug']['rot'],to_floor=run_cfg['data_aug']['snap2ground'],shift=run_cfg['data_aug']['trans'])

                    test_recon, _ = tf_sess.run([rec_out, rec_loss_avg_upd],
                                                                    feed_dict={
                                                                                ae_net.input_pl: test_batch_in, 
                                                                                ae_net.is_training: False
                                                                              }
                                                                    )

                log_line('--- test split ---')
                rec_loss_value, test_summary = tf_sess.run([rec_loss_avg, test_summary_op])
                log_line('test reconstruction loss {:.6f}'.format(rec_loss_value))
                tf_sess.run(clear_metrics) # clear the running mean

                # log to tensorboard
                test_tb.add_summary(test_summary, epoch_no)
                test_tb.flush()

                # optional dump of one batch (off)
                if False:
                    pc_util.write_ply_batch(np.asarray(test_recon), os.path.join(RUN_LOG_DIR, 'pcloud', 'reconstr_%d'%(epoch_no)))
                    pc_util.write_ply_batch(np.asarray(test_batch_in), os.path.join(RUN_LOG_DIR, 'pcloud', 'input_%d'%(epoch_no)))
                
                # checkpoint
                ckpt_path = ckpt_saver.save(tf_sess, os.path.join(RUN_LOG_DIR, 'ckpts', 'model_%d.ckpt'%(epoch_no)))
                log_line("checkpoint at %s" % ckpt_path)
            
if __name__ == "__main__":
    log_line('process id %s'%(str(os.getpid())))
    train_ae()
    LOG_FH.close()
