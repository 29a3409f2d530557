'''
    Single-GPU training.
'''
import math
from datetime import datetime
import socket
import os
import sys

import numpy as np
import tensorflow as tf

BASE_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT_DIR = os.path.dirname(BASE_DIR)
print('ROOT_DIR: ', ROOT_DIR)
sys.path.append(BASE_DIR) # model
sys.path.append(ROOT_DIR) # provider
sys.path.append(os.path.join(ROOT_DIR, 'utils'))
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


def read_ply_xyz(filename):
    """ read XYZ point cloud from filename PLY file """
    if not os.path.isfile(filename):
        print(filename)
        assert(os.path.isfile(filename))
    with open(filename, 'rb') as f:
        plydata = PlyData.read(f)
        num_verts = plydata['vertex'].count
        vertices = np.zeros(shape=[num_verts, 3], dtype=np.float32)
        vertices[:,0] = plydata['vertex'].data['x']
        vertices[:,1] = plydata['vertex'].data['y']
        vertices[:,2] = plydata['vertex'].data['z']
    return vertices

def read_ply_from_file_list(file_list):
    '''
    return a list of numpy array
    '''
    point_clouds = []
    for ply_f in tqdm(file_list):
        if not os.path.isfile(ply_f):
            print('Warning: skipping. ', ply_f)
            continue
        pc = read_ply_xyz(ply_f)
        point_clouds.append(pc)
    
    return point_clouds
def rotate_point_cloud(points, transformation_mat):

    new_points = np.dot(transformation_mat, points.T).T

    return new_points

def rotate_point_cloud_by_axis_angle(points, axis, angle_deg):

    angle = math.radians(angle_deg)
    rot_m = pymesh.Quaternion.fromAxisAngle(axis, angle)
    rot_m = rot_m.to_matrix()

    new_points = rotate_point_cloud(points, rot_m)

    return new_points


class ShapeNetPartPointsDataset_V1:
    def __init__(self, part_point_cloud_dir, batch_size=50, npoint=2048, shuffle=True,  split='train', extra_ply_point_clouds_list=None, random_seed=None, preprocess=False):
        '''
        part_point_cloud_dir: the directory contains the oringal ply point clouds
        batch_size:
        npoint: a fix number of points that will sample from the point clouds
        shuffle: whether to shuffle the order of point clouds
        normalize: whether to normalize the point clouds
        split: 
        extra_ply_point_clouds_list: a list contains some extra point cloud file names, 
                                     note that only use it in test time, 
                                     these point clouds will be inserted in front of the point cloud list,
                                     which means extra clouds get to be tested first
        '''
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.point_cloud_dir = part_point_cloud_dir
        self.npoint = npoint
        #self.normalize = normalize
        self.split = split
        self.random_seed = random_seed
        self.preprocess = preprocess

        # make a random generator
        self.rand_gen = RandomState(self.random_seed)
        #self.rand_gen = np.random

        # list of numpy arrays
        self.point_clouds = self._read_all_pointclouds(self.point_cloud_dir)
        if self.preprocess:
            self._preprocess_point_clouds(self.point_clouds)

        if extra_ply_point_clouds_list is not None:
            print('Reading extra point clouds...')
            extra_point_clouds = pc_util.read_ply_from_file_list(extra_ply_point_clouds_list)
            for e_pc in reversed(extra_point_clouds):
                self.point_clouds.insert(0, e_pc)

        self.reset()

    def _shuffle_data(self):

        idx = [i for i in range(len(self.point_clouds))]
        self.rand_gen.shuffle(idx)

        self.point_clouds = [self.point_clouds[i] for i in idx]
        self.pc_filenames = [self.pc_filenames[i] for i in idx]
    
    def _read_all_pointclouds(self, dir):
        '''
        return a list of point clouds
        '''
        # prepare file names
        split_filename = os.path.join(os.path.dirname(dir), os.path.basename(dir)+'_%s_split.pickle'%(self.split))
        with open(split_filename, 'rb') as pf:
            pc_name_list = pickle.load(pf)
        self.pc_filenames = []
        for pc_n in pc_name_list:
            self.pc_filenames.append(os.path.join(dir, pc_n))
        self.pc_filenames.sort() # NOTE: sort the file names here!
        #print(self.pc_filenames)

        pickle_filename = os.path.join(os.path.dirname(dir), os.path.basename(dir)+'_%s_rotated.pickle'%(self.split))
        if os.path.exists(pickle_filename):
            print('Loading cached pickle file: %s'%(pickle_filename))
            p_f = open(pickle_filename, 'rb')
            point_clouds = pickle.load(p_f)
            p_f.close()
        else:
            print('Reading and caching pickle file.')
            point_clouds = pc_util.read_ply_from_file_list(self.pc_filenames) # a list of arrays

            # NOTE!!!: rotate the point clouds here, to align with our data
            print('Pre-rotate point clouds to align with ShapeNet-V2 data...')
            for pc_id, pc in enumerate(point_clouds):
                rotated_points = pc_util.rotate_point_cloud_by_axis_angle(pc, [0,1,0], 90)
                point_clouds[pc_id] = rotated_points

            p_f = open(pickle_filename, 'wb')
            pickle.dump(point_clouds, p_f)
            print('Cache to %s'%(pickle_filename))
            p_f.close()

        print('Loaded #point clouds: ', len(point_clouds))

        return point_clouds

    def _preprocess_point_clouds(self, point_clouds):
        '''
        1. normalize to fit within a unit cube
        2. snap to the ground
        '''
        print('Pre-processing point clouds...')
        for i, pc in enumerate(point_clouds):
            pts_min = np.amin(pc, axis=0)
            pts_max = np.amax(pc, axis=0)

            bbox_size = pts_max - pts_min

            scale_factor = 1.0 / np.amax(bbox_size)

            bbox_center = (pts_max + pts_min) / 2.0
            bbox_bot_center = bbox_center - np.array([0,bbox_size[1]/2.0,0])

            pc = pc - bbox_bot_center
            pc = pc * scale_factor

            point_clouds[i] = pc

        print('Pre-processing done.')

    def reset(self):
        self.batch_idx = 0
        if self.shuffle:
            self._shuffle_data()

    def get_point_clouds_by_names(self, query_pc_filenames):

        point_clouds = []
        for pc_fn in query_pc_filenames:
            pc_idx = self.pc_filenames.index(pc_fn)
            pc_cur = self.point_clouds[pc_idx]
            choice_cur = self.rand_gen.choice(pc_cur.shape[0], self.npoint, replace=True)
            pc_cur = pc_cur[choice_cur, :]
            point_clouds.append(pc_cur)
        point_clouds = np.array(point_clouds)

        return point_clouds

    def has_next_batch(self):
        num_batch = np.floor(len(self.point_clouds) / self.batch_size) + 1
        if self.batch_idx < num_batch:
            return True
        return False
    
    def next_batch(self, with_name=False):
        start_idx = self.batch_idx * self.batch_size
        end_idx = (self.batch_idx+1) * self.batch_size

        data_batch = np.zeros((self.batch_size, self.npoint, 3))
        name_list = []
        for i in range(start_idx, end_idx):

            if i >= len(self.point_clouds):
                i_tmp = i % len(self.point_clouds)
                pc_cur = self.point_clouds[i_tmp]
                name_cur = self.pc_filenames[i_tmp].split('/')[-1]
            else:
                pc_cur = self.point_clouds[i] # M x 3
                name_cur = self.pc_filenames[i].split('/')[-1]

            choice_cur = self.rand_gen.choice(pc_cur.shape[0], self.npoint, replace=True)
            idx_cur = i % self.batch_size
            data_batch[idx_cur] = pc_cur[choice_cur, :]
            name_list.append(name_cur)

        self.batch_idx += 1
        if with_name:
            return data_batch, name_list
        return data_batch

    def next_batch_noise_partial_by_percentage(self, noise_mu=0.0, noise_sigma=0.01, p_min=0.0, p_max=0.5, partial_portion=1.0, with_gt=False, with_name=False):
        '''
        p_min and p_max: the min and max percentage of removed points
        partial_portion: the portion of partial data being generated
        '''
        if not with_name:
            data_batch = self.next_batch()
        else:
            data_batch, name_list = self.next_batch(with_name)

        # randomly carve out some points
        data_res = []
        for _, data in enumerate(data_batch):
            do_partial_odd = self.rand_gen.rand()
            if do_partial_odd < partial_portion:
                center_idx = self.rand_gen.randint(self.get_npoint(), size=1)
                center = data[center_idx]

                distances = np.linalg.norm(data - center, axis=1)

                p_cur = self.rand_gen.uniform(p_min, p_max)

                nb_pts2remove = int(self.npoint * p_cur)
                sorted_indices = np.argsort(distances) # ascending order

                remain_points = data[sorted_indices[nb_pts2remove:]]
                
                choice = self.rand_gen.choice(len(remain_points), self.npoint, replace=True)
                remain_points = remain_points[choice, :]

                data_res.append(remain_points)
            else:
                data_res.append(data)
            
        data_res = np.asarray(data_res)

        # noise
        noise_here = self.rand_gen.normal(noise_mu, noise_sigma, data_res.shape)
        noisy_batch = data_res + noise_here

        if with_gt and with_name:
            return noisy_batch, data_batch, name_list
        return noisy_batch   

    def next_batch_noise_added_with_partial(self, noise_mu=0.0, noise_sigma=0.01, r_min=0.1, r_max=0.25, partial_portion=0.25, with_gt=False):
        '''
        r_max: the max radius for carving out the point around a chosen center
        partial_portion: the portion of partial data being generated
        '''
        data_batch = self.next_batch()

        # randomly carve out some points
        data_res = []
        for _, data in enumerate(data_batch):
            do_partial_odd = self.rand_gen.rand()
            if do_partial_odd < partial_portion:
                center_idx = self.rand_gen.randint(self.get_npoint(), size=1)
                center = data[center_idx]

                distances = np.linalg.norm(data - center, axis=1)

                clip_r = self.rand_gen.uniform(r_min, r_max)

                remain_points = data[distances > clip_r]

                if len(remain_points) < 0.2 * self.npoint:
                    remain_points = data
                    print('WARNING: too partial data. Using complete data instead.')
                
                choice = self.rand_gen.choice(len(remain_points), self.npoint, replace=True)
                remain_points = remain_points[choice, :]

                data_res.append(remain_points)
            else:
                data_res.append(data)
            
        data_res = np.asarray(data_res)

        # noise
        noise_here = self.rand_gen.normal(noise_mu, noise_sigma, data_res.shape)
        noisy_batch = data_res + noise_here

        if with_gt:
            return noisy_batch, data_batch
        return noisy_batch

    def aug_data_batch(self, data_batch, scale_low=0.8, scale_high=1.25, rot=True, snap2ground=True, trans=0.1):
        res_batch = data_batch
        if True:
            res_batch = provider.random_scale_point_cloud(data_batch, scale_low=scale_low, scale_high=scale_high)
        if rot:
            res_batch = provider.rotate_point_cloud(res_batch)
        if trans is not None:
            res_batch = provider.shift_point_cloud(res_batch, shift_range=trans)
        if snap2ground:
            res_batch = provider.lift_point_cloud_to_ground(res_batch)
        return res_batch

    def get_npoint(self):
        return self.npoint


cat_name = 'dresser'

para_config = {
    'exp_name': 'ae_%s_ShapeNet-V1'%(cat_name),
    'random_seed': None,
    'ae_type': 'c2c', # 'c2c', 'n2n', 'np2np'

    'batch_size': 200,
    'lr': 0.0005, # base starting learning rate
    'decay_rate': 0.5,
    'clip_lr': 0.0001, # minimal learning rate for clipping lr
    'epoch': 2001,
    'save_interval': 40, # unit in epoch
    
    'loss': 'emd',
    
    'data_aug': None,

    # noise parameters, not used when ae_type = c2c
    'noise_mu': 0.0, 
    'noise_sigma': 0.01, 
    #'r_min': 0.1, 
    #'r_max': 0.25, 
    'p_min': 0.05,
    'p_max': 0.5,
    'partial_portion': 0.25,

    # encoder
    'latent_code_dim': 128,
    'n_filters': [64,128,128,256],
    'filter_size': 1,
    'stride': 1,
    'encoder_bn': True,

    # decoder
    'point_cloud_shape': [2048, 3],
    'fc_sizes': [256, 256], 
    'decoder_bn': False,

    'activation_fn': tf.nn.relu,
}

#'decay_step': 7000000, # in samples, for chair data: 5000000 (~800 epoches), for table data: 7000000 (~800 epoches) 
#'output_interval': 10, # unit in batch
if cat_name == 'chair':
    para_config['point_cloud_dir'] = config.ShapeNet_v1_chair_point_cloud
    para_config['decay_step'] = 5000000
    para_config['output_interval'] = 30
elif cat_name == 'table':
    para_config['point_cloud_dir'] = config.ShapeNet_v1_table_point_cloud
    para_config['decay_step'] = 7000000
    para_config['output_interval'] = 30
elif cat_name == 'plane':
    para_config['point_cloud_dir'] = config.ShapeNet_v1_plane_point_cloud
    para_config['decay_step'] = 3500000
    para_config['output_interval'] = 10
elif cat_name == 'car':
    para_config['point_cloud_dir'] = config.ShapeNet_v1_car_point_cloud
    para_config['decay_step'] = 6000000
    para_config['output_interval'] = 10

elif cat_name == 'lamp':
    para_config['point_cloud_dir'] = config.ShapeNet_v1_lamp_point_cloud
    para_config['decay_step'] = 2000000
    para_config['output_interval'] = 5
elif cat_name == 'sofa':
    para_config['point_cloud_dir'] = config.ShapeNet_v1_sofa_point_cloud
    para_config['decay_step'] = 2500000
    para_config['output_interval'] = 5
elif cat_name == 'boat':
    para_config['point_cloud_dir'] = config.ShapeNet_v1_boat_point_cloud
    para_config['decay_step'] = 1800000
    para_config['output_interval'] = 5
elif cat_name == 'dresser':
    para_config['point_cloud_dir'] = config.ShapeNet_v1_dresser_point_cloud
    para_config['decay_step'] = 1000000
    para_config['output_interval'] = 5

TRAIN_DATASET = shapenet_pc_dataset.ShapeNetPartPointsDataset_V1(para_config['point_cloud_dir'], batch_size=para_config['batch_size'], npoint=para_config['point_cloud_shape'][0], shuffle=True, split='trainval', preprocess=False)
TEST_DATASET = shapenet_pc_dataset.ShapeNetPartPointsDataset_V1(para_config['point_cloud_dir'], batch_size=para_config['batch_size'], npoint=para_config['point_cloud_shape'][0], shuffle=False, split='test', preprocess=False)

#################### back up code for this run ##########################
#LOG_DIR = os.path.join('run_synthetic', 'run_%s'%(cat_name), 'ae', 'log_' + para_config['exp_name'] + '_' + para_config['ae_type'] +'_' + datetime.now().strftime('%Y-%m-%d-%H-%M-%S'))
LOG_DIR = os.path.join('run', 'run_shapenet_v1_clean_ae', 'run_%s'%(cat_name), 'log_' + para_config['exp_name'] + '_' + para_config['ae_type'] +'_' + datetime.now().strftime('%Y-%m-%d-%H-%M-%S'))
print(LOG_DIR)
if not os.path.exists(LOG_DIR): os.makedirs(LOG_DIR)

script_name = os.path.basename(__file__)
bk_filenames = ['autoencoder.py', 
                 script_name, 
                 'shapenet_pc_dataset.py', 
                 'pointnet_utils/pointnet_encoder_decoder.py']
for bf in bk_filenames:
    os.system('cp %s %s' % (bf, LOG_DIR))
LOG_FOUT = open(os.path.join(LOG_DIR, 'log_train.txt'), 'w')
LOG_FOUT.write(str(para_config)+'\n')

HOSTNAME = socket.gethostname()

def log_string(out_str):
    LOG_FOUT.write(out_str+'\n')
    LOG_FOUT.flush()
    print(out_str)

def print_trainable_vars():
    trainable_vars = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES)
    for tv in trainable_vars:
        print(tv.name)

def train():
    with tf.Graph().as_default():
        with tf.device('/gpu:'+str(0)):
            ae = autoencoder.AutoEncoder(paras=para_config)
            print_trainable_vars()

            reconstr_loss, reconstr, _ = ae.model()
            optimizer = ae.make_optimizer(reconstr_loss)

            # metrics for tensorboard visualization
            with tf.name_scope('metrics'):
                reconstr_loss_mean, reconstr_loss_mean_update = tf.metrics.mean(reconstr_loss)
            reset_metrics = tf.variables_initializer([var for var in tf.local_variables()
                                                 if var.name.split('/')[0] == 'metrics'])

            tf.summary.scalar('loss/train', reconstr_loss_mean, collections=['train'])
            tf.summary.scalar('loss/test', reconstr_loss_mean, collections=['test'])

            summary_op = tf.summary.merge_all('train')
            summary_test_op = tf.summary.merge_all('test')
            train_writer = tf.summary.FileWriter(os.path.join(LOG_DIR, 'summary', 'train'))
            test_writer = tf.summary.FileWriter(os.path.join(LOG_DIR, 'summary', 'test'))
            saver = tf.train.Saver(max_to_keep=None)

        # print
        log_string('Net layers:')
        log_string(str(ae))

        # Create a session
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        config.allow_soft_placement = True
        config.log_device_placement = False
        sess = tf.Session(config=config)

        # Init variables
        init = tf.global_variables_initializer()
        sess.run(init)
        sess.run(reset_metrics)

        total_batch_idx = 0
        for ep_idx in range(para_config['epoch']):
            log_string('-----------Epoch %d:-------------' % ep_idx)
            
            # train one epoch
            while TRAIN_DATASET.has_next_batch():
                sess.run(reset_metrics)

                if para_config['ae_type'] == 'c2c':
                    input_batch = TRAIN_DATASET.next_batch()
                elif para_config['ae_type'] == 'n2n':
                    input_batch = TRAIN_DATASET.next_batch_noise_added(noise_mu=para_config['noise_mu'], noise_sigma=para_config['noise_sigma'])
                elif para_config['ae_type'] == 'np2np':
                    input_batch = TRAIN_DATASET.next_batch_noise_partial_by_percentage(noise_mu=para_config['noise_mu'], noise_sigma=para_config['noise_sigma'], p_min=para_config['p_min'], p_max=para_config['p_max'], partial_portion=para_config['partial_portion'])
                else:
                    log_string('Unknown ae type: %s'%(para_config['ae_type']))
                    exit
                
                if para_config['data_aug'] is not None:
                    input_batch = TRAIN_DATASET.aug_data_batch(input_batch, scale_low=para_config['data_aug']['scale_low'],scale_high=para_config['data_aug']['scale_high'], rot=para_config['data_aug']['rot'],snap2ground=para_config['data_aug']['snap2ground'],trans=para_config['data_aug']['trans'])
                
                _, _ = sess.run([optimizer, reconstr_loss_mean_update], 
                                                        feed_dict={
                                                                    ae.input_pl: input_batch, 
                                                                    ae.is_training: True
                                                                    }
                                                        )

                if TRAIN_DATASET.batch_idx % para_config['output_interval'] == 0:
                    reconstr_loss_mean_val, summary = sess.run([reconstr_loss_mean, summary_op])
                    sess.run(reset_metrics)
                    log_string('-----------batch %d statistics snapshot:-------------' % TRAIN_DATASET.batch_idx)
                    log_string('  Reconstruction loss   : {:.6f}'.format(reconstr_loss_mean_val))

                    train_writer.add_summary(summary, total_batch_idx)
                    train_writer.flush()

                total_batch_idx +=  1

            # after each epoch, reset
            TRAIN_DATASET.reset() 

            # test and save
            if ep_idx % para_config['save_interval'] == 0:
                # test on whole test dataset
                sess.run(reset_metrics)
                TEST_DATASET.reset()
                while TEST_DATASET.has_next_batch():

                    if para_config['ae_type'] == 'c2c':
                        input_batch_test = TEST_DATASET.next_batch()
                    elif para_config['ae_type'] == 'n2n':
                        input_batch_test = TEST_DATASET.next_batch_noise_added(noise_mu=para_config['noise_mu'], noise_sigma=para_config['noise_sigma'])
                    elif para_config['ae_type'] == 'np2np':
                        input_batch_test = TEST_DATASET.next_batch_noise_partial_by_percentage(noise_mu=para_config['noise_mu'], noise_sigma=para_config['noise_sigma'], p_min=para_config['p_min'], p_max=para_config['p_max'], partial_portion=para_config['partial_portion'])
                    else:
                        log_string('Unknown ae type: %s'%(para_config['ae_type']))
                        exit
                    
                    if para_config['data_aug'] is not None:
                        input_batch_test = TEST_DATASET.aug_data_batch(input_batch_test, scale_low=para_config['data_aug']['scale_low'],scale_high=para_config['data_aug']['scale_high'], rot=para_config['data_aug']['rot'],snap2ground=para_config['data_aug']['snap2ground'],trans=para_config['data_aug']['trans'])

                    reconstr_val_test, _ = sess.run([reconstr, reconstr_loss_mean_update],
                                                                    feed_dict={
                                                                                ae.input_pl: input_batch_test, 
                                                                                ae.is_training: False
                                                                              }
                                                                    )

                log_string('--------- on test split: --------')
                reconstr_loss_mean_val, summary_test = sess.run([reconstr_loss_mean, summary_test_op])
                log_string('Mean Reconstruction loss: {:.6f}'.format(reconstr_loss_mean_val))
                sess.run(reset_metrics) # reset metrics

                # tensorboard
                test_writer.add_summary(summary_test, ep_idx)
                test_writer.flush()

                # write out only one batch for check
                if False:
                    pc_util.write_ply_batch(np.asarray(reconstr_val_test), os.path.join(LOG_DIR, 'pcloud', 'reconstr_%d'%(ep_idx)))
                    pc_util.write_ply_batch(np.asarray(input_batch_test), os.path.join(LOG_DIR, 'pcloud', 'input_%d'%(ep_idx)))
                
                # save model
                save_path = saver.save(sess, os.path.join(LOG_DIR, 'ckpts', 'model_%d.ckpt'%(ep_idx)))
                log_string("Model saved in file: %s" % save_path)
            
if __name__ == "__main__":
    log_string('pid: %s'%(str(os.getpid())))
    train()
    LOG_FOUT.close()
