# -*- coding: utf-8 -*-
# Cascaded anisotropic CNNs for brain tumour segmentation (Wang et al., 2017; arXiv 1709.00382), training side.
from __future__ import absolute_import, print_function

import numpy as np
import random
import time
import os
import sys
import nibabel
import tensorflow as tf
from tensorflow.contrib.layers.python.layers import regularizers
from niftynet.layer.loss_segmentation import LossFunction
from util.data_process import *
from util.train_test_func import *
from util.parse_config import parse_config
from util.MSNet import MSNet


# ---- util/data_loader.py ----
class CaseVolumeLoader():
    def __init__(self, data_cfg):
        self.cfg       = data_cfg
        self.data_dirs = data_cfg['data_root'] if type(data_cfg['data_root']) is list else [data_cfg['data_root']]
        self.mod_suffixes         = data_cfg.get('modality_postfix', ['flair','t1', 't1ce', 't2'])
        self.normalize_mod        = data_cfg.get('intensity_normalize', [True, True, True, True])
        self.has_labels           = data_cfg.get('with_ground_truth', False)
        self.label_suffix  = data_cfg.get('label_postfix', 'seg')
        self.file_suffix   = data_cfg.get('file_postfix', 'nii.gz')
        self.case_list_file= data_cfg.get('data_names', None)
        self.case_limit    = data_cfg.get('data_num', None)
        self.target_shape  = data_cfg.get('data_resize', None)


    def __case_ids(self):
        # names listed in a file, when one is configured
        if(self.case_list_file is not None):
            assert(os.path.isfile(self.case_list_file))
            with open(self.case_list_file) as fh:
                rows = fh.readlines()
            case_ids = [r.strip() for r in rows]
        # otherwise every BraTS folder under the first root
        else:
            case_ids = os.listdir(self.data_dirs[0])
            case_ids = [c for c in case_ids if 'brats' in c.lower()]
        return case_ids

    def __read_volume(self, case_id, suffix):
        case_dir = os.path.join(self.data_dirs[0], case_id)
        # BraTS 2017 layout: one file per modality
        file_names = os.listdir(case_dir)
        volume_file = None
        for fname in file_names:
            if(suffix + '.' in fname):
                volume_file = fname
                break
        assert(volume_file is not None)
        volume_file = os.path.join(case_dir, volume_file)
        vol = load_3d_volume_as_array(volume_file)
        return vol

    def read_case_data(self):
        # every case of the list, decoded up front
        self.case_ids = self.__case_ids()
        assert(len(self.case_ids)  > 0)
        cases_X = []
        cases_W = []
        cases_Y = []
        boxes  = []
        orig_shapes = []
        n_cases = self.case_limit if (self.case_limit is not None) else len(self.case_ids)
        for i in range(n_cases):
            mod_volumes = []
            for m in range(len(self.mod_suffixes)):
                vol = self.__read_volume(self.case_ids[i], self.mod_suffixes[m])
                if(m == 0):
                    pad = 5
                    box_lo, box_hi = get_ND_bounding_box(vol, pad)
                    orig_shape  = vol.shape
                vol = crop_ND_volume_with_bounding_box(vol, box_lo, box_hi)
                if(self.target_shape):
                    vol = resize_3D_volume_to_given_shape(vol, self.target_shape, 1)
                if(m ==0):
                    brain_mask = np.asarray(vol > 0, np.float32)
                if(self.normalize_mod[m]):
                    vol = itensity_normalize_one_volume(vol)
                mod_volumes.append(vol)
            cases_X.append(mod_volumes)
            cases_W.append(brain_mask)
            boxes.append([box_lo, box_hi])
            orig_shapes.append(orig_shape)
            if(self.has_labels):
                label_vol = self.__read_volume(self.case_ids[i], self.label_suffix)
                label_vol = crop_ND_volume_with_bounding_box(label_vol, box_lo, box_hi)
                if(self.target_shape):
                    label_vol = resize_3D_volume_to_given_shape(label_vol, self.target_shape, 0)
                cases_Y.append(label_vol)
            if((i+1)%50 == 0 or (i+1) == n_cases):
                print('cases read: {0:}%'.format((i+1)*100.0/n_cases))
        self.images_all  = cases_X
        self.masks_all   = cases_W
        self.labels_all  = cases_Y
        self.boxes       = boxes
        self.orig_shapes = orig_shapes

    def next_patch_batch(self):
        # draw patch batches until one holds some foreground (training only)
        found = False
        while(found == False):
            batch = self.__draw_batch()
            batch_labels = batch['labels']
            if(batch_labels.sum() > 0):
                found = True
        return batch

    def __draw_batch(self):
        # one random batch of patches from the cached cases
        batch_len = self.cfg['batch_size']
        patch_shape = self.cfg['data_shape']
        label_patch_shape = self.cfg['label_shape']
        n_patch_slices = patch_shape[0]
        n_label_slices = label_patch_shape[0]
        sample_modes   = self.cfg.get('batch_sample_model', ('full', 'valid', 'valid'))
        axis_name = self.cfg.get('batch_slice_direction', 'axial') # one of axial, sagittal, coronal, random

        # layout of the result: [batch, slices, height, width, modalities]
        image_patches = []
        mask_patches = []
        label_patches = []
        for i in range(batch_len):
            self.picked = random.randint(0, len(self.images_all)-1)
            case_images = [v for v in self.images_all[self.picked]]
            case_masks = [self.masks_all[self.picked]]
            case_labels = [self.labels_all[self.picked]]

            turned_images = transpose_volumes(case_images, axis_name)
            turned_shape = turned_images[0].shape
            image_patch_shape = [n_patch_slices, patch_shape[1], patch_shape[2]]
            label_roi_shape =[n_label_slices, label_patch_shape[1], label_patch_shape[2]]
            centre = get_random_roi_sampling_center(turned_shape, label_roi_shape, sample_modes, None)
            patch_mods = []
            for k in range(len(turned_images)):
                one_mod = extract_roi_from_volume(turned_images[k],centre,image_patch_shape)
                patch_mods.append(one_mod)
            patch_mods = np.asarray(patch_mods)
            image_patches.append(patch_mods)
            turned_masks = transpose_volumes(case_masks, axis_name)
            mask_patch = extract_roi_from_volume(turned_masks[0], centre, label_roi_shape, fill = 'zero')
            mask_patches.append([mask_patch])
            turned_labels = transpose_volumes(case_labels, axis_name)
            label_patch = extract_roi_from_volume(turned_labels[0], centre, label_roi_shape, fill = 'zero')
            label_patches.append([label_patch])

        image_patches = np.asarray(image_patches, np.float32)
        mask_patches = np.asarray(mask_patches, np.float32)
        label_patches = np.asarray(label_patches, np.int64)
        batch = {}
        batch['images']  = np.transpose(image_patches,   [0, 2, 3, 4, 1])
        batch['weights'] = np.transpose(mask_patches, [0, 2, 3, 4, 1])
        batch['labels']  = np.transpose(label_patches,  [0, 2, 3, 4, 1])
        return batch


# ---- train.py ----
class NetRegistry(object):
    @staticmethod
    def lookup(kind):
        if kind == 'MSNet':
            return MSNet
        # other architectures would be registered here
        print('no network registered under', kind)
        exit()

def train_main(cfg_path):
    # step 1: read the configuration
    cfg = parse_config(cfg_path)
    data_cfg  = cfg['data']
    net_cfg   = cfg['network']
    train_cfg = cfg['training']

    random.seed(train_cfg.get('random_seed', 1))
    assert(data_cfg['with_ground_truth'])

    arch        = net_cfg['net_type']
    scope_name  = net_cfg['net_name']
    n_classes   = net_cfg['class_num']
    batch_len   = data_cfg.get('batch_size', 5)

    # step 2: graph
    x_shape  = [batch_len] + data_cfg['data_shape']
    y_shape = [batch_len] + data_cfg['label_shape']
    x = tf.placeholder(tf.float32, shape = x_shape)
    w = tf.placeholder(tf.float32, shape = y_shape)
    y = tf.placeholder(tf.int64,   shape = y_shape)

    kernel_reg = regularizers.l2_regularizer(train_cfg.get('decay', 1e-7))
    bias_reg = regularizers.l2_regularizer(train_cfg.get('decay', 1e-7))
    net_cls = NetRegistry.lookup(arch)
    seg_model = net_cls(num_classes = n_classes,
                    w_regularizer = kernel_reg,
                    b_regularizer = bias_reg,
                    name = scope_name)
    seg_model.set_params(net_cfg)
    y_pred = seg_model(x, is_training = True)

    dice_loss = LossFunction(n_class=n_classes)
    loss = dice_loss(y_pred, y, weight_map = w)

    # step 3: session, optimizer and saver
    step_lr = train_cfg.get('learning_rate', 1e-3)
    train_op = tf.train.AdamOptimizer(step_lr).minimize(loss)
    session = tf.InteractiveSession()
    session.run(tf.global_variables_initializer())
    ckpt_saver = tf.train.Saver()

    train_loader = CaseVolumeLoader(data_cfg)
    train_loader.read_case_data()

    # step 4: iterations
    loss_path = train_cfg['model_save_prefix'] + "_loss.txt"
    first_iter  = train_cfg.get('start_iteration', 0)
    if( first_iter > 0):
        ckpt_saver.restore(session, train_cfg['model_pre_trained'])
    loss_log, loss_window = [], []
    for n in range(first_iter, train_cfg['maximal_iteration']):
        batch = train_loader.next_patch_batch()
        batch_x = batch['images']
        batch_w = batch['weights']
        batch_y = batch['labels']
        train_op.run(session = session, feed_dict={x:batch_x, w: batch_w, y:batch_y})

        if((n+1)%train_cfg['snapshot_iteration']  == 0):
            ckpt_saver.save(session, train_cfg['model_save_prefix']+"_{0:}.ckpt".format(n+1))
    session.close()

if __name__ == '__main__':
    if(len(sys.argv) != 2):
        print('usage: give exactly one config file, e.g. python train.py config17/train_wt_ax.txt')
        exit()
    cfg_path = str(sys.argv[1])
    assert(os.path.isfile(cfg_path))
    train_main(cfg_path)
