'''
leave-one-patient-out training of the two-stage lesion detector

1.) pick the examples for the second-stage network

2.) write the second-stage network to disk

3.) metrics used in the write-up (dice and so on) still
to be added

4.) a test script will push every patch of a scan through the
first network; patches it calls negative get 0, the
others go through the second network for the final call


- network 1: every lesion patch plus as many non-lesion patches

- network 2: the lesion patches used for network 1 plus as many
patches that network 1 wrongly called lesion (false
positives); those are drawn again from the whole
scan

'''

import keras
import net_lib as nl
import data_handler as dh
import logger_lib as ll
import numpy as np
import os
import sys

# %%    SETTINGS
cube = (11, 11, 11) #(x, y, z)
n_ch = 1
n_epochs = 300
n_subjects = 'all'
lr_one = float(sys.argv[1])
lr_two = float(sys.argv[2])
bs = int(sys.argv[3])
cut = float(sys.argv[4])

# subject folders
folders = os.listdir('../raw_data/')
folders = [d for d in folders if d[0] == '0']

# table of scan paths
print('reading table')
table = dh.create_df(folders, modal='flair')
print('table read')

# subjects
subjects = list(table.index)
#subjects = subjects[:3] # debugging only

log = ll.logger(filename='log_bs{}_lr1={}_lr2={}_cut{}'.format(bs, lr_one, lr_two, cut), message='opened')

# %%    training loop
for k in range(len(subjects)):

    kept = [subjects[j] for j in range(len(subjects)) if j != k]

    log.update_meta('=========================================')
    log.update_meta('=========================================')
    log.update_meta('~~~ fitting stage 1 without {} ~~~'.format(subjects[k]))

    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~ stage 1 data ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

    first = True
    for subj in kept:
    
        # cut cubes
        cutter = dh.patcher(patch_size=cube)
        cutter.patchify(path_table=table, patient=subj, mode='network1_train')
        cubes = cutter.patches_xyz
    
        # pack the cubes for the net
        cube_list = [c.array for c in cubes]
        xs = np.ndarray((len(cube_list),
                         cube_list[0].shape[0],
                         cube_list[0].shape[1],
                         cube_list[0].shape[2],
                         n_ch))
        ys = [int(c.label) for c in cubes]
    
        # the trailing 0 below means a single channel (FLAIR only);
        # hard-coded for now
        # copy the cube values in
        for i in range(len(xs)):
            xs[i, :, :, :, 0] = cube_list[i]
        ys = np.array(ys)

        # one-hot targets
        ys_1h = keras.utils.to_categorical(ys, 2)

        # shapes at this point,
        # xs (500, 11, 11, 11, 1)
        # ys_1h (500, 2)

        if first:
            x_one = xs
            y_one = ys_1h
            first = False
        else:
            x_one = np.concatenate((x_one, xs), 0)
            y_one = np.concatenate((y_one, ys_1h), 0)

    log.update_meta('stage 1 sees {} lesion cubes, {} other cubes'.format(np.sum(y_one[:, 1]), np.sum(y_one[:, 0])))

    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~ stage 1 fitting ~~~~~~~~~~~~~~~~~~~~~~~~~~~
    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

    # y_one is one-hot ... [0, 1] marks a lesion cube

    # build the net
    # build the net
    tag = '{}_stage1_lr1={}_lr2={}_bs={}_cut={}'.format(subjects[k],
                                                       lr_one, lr_two,
                                                       bs, cut)

    net_one = nl.cube_net(name=tag, mode='train', lr=lr_one)

    # fit
    net_one.fit_net(xtrain=x_one, ytrain=y_one,
                    batch_size=bs, epochs=n_epochs)
   
    log.update_logger('===========================================')
    log.update_logger('===========================================')
    log.update_logger('loo_stage1_{}'.format(subjects[k])) 
    log.update_logger(net_one.history)

    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~ stage 2 data ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

    log.update_meta('~~~ fitting stage 2 without {} ~~~'.format(subjects[k]))

    # every lesion cube goes to stage 2
    pos_idx = np.where(y_one[:, 1] > 0.5)[0]
    x_pos = x_one[pos_idx]
    y_pos = y_one[pos_idx]

    first = True
    for subj in kept:
    
        # cut cubes
        cutter = dh.patcher(patch_size=cube)
        cutter.patchify(path_table=table, patient=subj, mode='network2_train')
        cubes = cutter.patches_xyz
    
        # pack the cubes for the net
        cube_list = [c.array for c in cubes]
        xs_neg = np.ndarray((len(cube_list),
                             cube_list[0].shape[0],
                             cube_list[0].shape[1],
                             cube_list[0].shape[2],
                             n_ch))
        ys_neg = [int(c.label) for c in cubes]
    
        # the trailing 0 below means a single channel (FLAIR only);
        # hard-coded for now
        # copy the cube values in
        for i in range(len(xs_neg)):
            xs_neg[i, :, :, :, 0] = cube_list[i]
        ys_neg = np.array(ys_neg)

        # one-hot targets... all [1, 0] here
        ys_neg_1h = keras.utils.to_categorical(ys_neg, 2)

        # shapes at this point,
        # xs_neg (500, 11, 11, 11, 1)
        # ys_neg_1h (500, 2)

        if first:
            x_neg = xs_neg
            y_neg = ys_neg_1h
            first = False
        else:
            x_neg = np.concatenate((x_neg, xs_neg), 0)
            y_neg = np.concatenate((y_neg, ys_neg_1h), 0)

            # ~~~ the candidate negatives are in; next they go through
            # stage 1 and the ones above the cut become the
            # false positives stage 2 is fitted on ....

    # stage 1 scores
    scores = net_one.predict_net(xpredict=x_neg, batch_size=2048)

    # false positives
    fp_mask = scores[:, 1] > cut
    x_fp = x_neg[fp_mask, :, :, :, :]

    # trim the false positives
    #x_fp = x_fp[:x_pos.shape[0]]
    print('x_fp shape {}'.format(x_fp.shape))
    print('x_pos shape {}'.format(x_pos.shape))

    # balance the two halves and stack them
    if (x_fp.shape[0] > x_pos.shape[0]):
        x_two = np.vstack((x_pos, x_fp[:x_pos.shape[0], :, :, :, :]))
        #y = np.vstack((np.ones((x_pos.shape[0], 1)),
        #               np.zeros((x_fp[:x_pos.shape, :, :, :, :].shape[0], 1))))
    else:
        x_two = np.vstack((x_pos[:x_fp.shape[0], :, :, :, :], x_fp))
        #y = np.vstack((np.ones((x_pos[:x_fp.shape[0], :, :, :, :].shape[0], 1)),
        #               np.zeros((x_fp.shape[0], 1))))
    
    # lesion cubes first, false positives second
    y = np.ones((x_two.shape[0], 1))
    y[x_two.shape[0]/2:, :] = np.zeros((x_two.shape[0]/2, 1))

    print('stage 2 gets {} cubes'.format(y.shape[0]))  

    # one-hot targets
    y_two = keras.utils.to_categorical(y, 2)

    log.update_meta('stage 2 sees {} lesion cubes, {} other cubes'.format(np.sum(y_two[:, 1]), np.sum(y_two[:, 0])))

    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~ stage 2 fitting ~~~~~~~~~~~~~~~~~~~~~~~~~~~
    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

    # y_two is one-hot ... [0, 1] marks a lesion cube

    # build the net
    # build the net
    tag = '{}_stage2_lr1={}_lr2={}_bs={}_cut={}'.format(subjects[k],
                                                       lr_one, lr_two,
                                                       bs, cut)    
    net_two = nl.cube_net(name=tag, mode='train', lr=lr_two)

    # fit
    net_two.fit_net(xtrain=x_two, ytrain=y_two,
                    batch_size=bs, epochs=n_epochs)

    log.update_logger('===========================================')
    log.update_logger('===========================================')
    log.update_logger('loo_stage2_{}'.format(subjects[k])) 
    log.update_logger(net_two.history)
# %%    STAGE 2 NOTES
'''
- stage 2 set: every lesion cube used for stage 1 plus as many
cubes that stage 1 wrongly called lesion (false positives),
drawn again
from the whole scan
'''

'''
#%% reload a net
# cubes go in as (x, y, z) ... i.e.
# (batch, x, y, z, 1), the 1 being the single modality
net_dir = 'trained_models_layer1'
net = nl.cube_net(mode='load', name=subj, path=net_dir)


bs = 200
holder = np.ndarray((bs, 
                     cubes[0].array.shape[0],
                     cubes[0].array.shape[1],
                     cubes[0].array.shape[2],
                     1))
holder[0, :, :, :, 0] = cubes[0].array
holder[1, :, :, :, 0] = cubes[1].array

for i in np.arange(bs):
    holder[i, :, :, :, 0] = cubes[i].array

pred = net.model.predict(holder, batch_size=bs)

print('prediction: {}'.format(pred))
'''
