# -*- coding: utf-8 -*-
"""
voxel classifier: train then score the held-out split

(benchmark copy)

based on: 
    (see source field)
    a public ModelNet voxel tutorial

"""
import numpy as np
import tensorflow as tf
from sklearn.utils import shuffle
from model import cfg, VoxNet

archive = np.load('modelnet10.npz')
Xtr, Ytr = shuffle(archive['X_train'], archive['y_train'])
Xte, Yte = shuffle(archive['X_test'], archive['y_test'])

Xtr.shape   # 3991 grids of 30^3
Xte.shape

#%%
tf.reset_default_graph()

vox_in = tf.placeholder(tf.float32, shape=[None, cfg['img_D'], cfg['img_H'], cfg['img_W'], cfg['img_C']])
y_in = tf.placeholder(tf.int64, [None, cfg["n_classes"]], name='y_in')
keep = tf.placeholder(tf.float32)

net = VoxNet(vox_in, y_in, cfg, keep)

""" session setup """
sess_cfg = tf.ConfigProto()
sess_cfg.gpu_options.visible_device_list = "0"

session = tf.Session(config=sess_cfg)
session.run(tf.global_variables_initializer())

#net.load(session, model_dir)

#%%
""" fitting """
first_epoch = 0
steps_per_epoch = int(len(Xtr)/cfg['n_batch']) + 1
ckpt_dir = './ckpt/'
save_every = 1


for epoch in range(first_epoch, cfg["n_epoch"]):      # main loop
    for step in range(steps_per_epoch):
        xb = Xtr[step*cfg['n_batch']: (step+1)*cfg['n_batch']] 
        xb = xb.reshape(-1, cfg['img_D'], cfg['img_H'], cfg['img_W'], cfg['img_C'])
        
        yb = Ytr[step*cfg['n_batch']: (step+1)*cfg['n_batch']] 
        yb_1h = np.eye(cfg['n_classes'])[yb]
        
        feed_dict = {vox_in: xb, y_in: yb_1h, keep: 0.8}

        _, loss_val = session.run([net.train_op, net.loss], feed_dict=feed_dict)
        print("ep %d it %d loss %f" % (epoch, step, loss_val))

        with open(ckpt_dir + "loss_log.txt", "a+") as fh:
            fh.write("ep %d\tit %d\tloss %f\n" % (epoch, step, loss_val))
            
    if(epoch % save_every == 0):   
        net.save(session, ckpt_dir, epoch)
        
#%%
""" scoring """
ckpt_dir = './ckpt/'
net.load(session, ckpt_dir)

xb = Xte
xb = xb.reshape(-1, cfg['img_W'], cfg['img_W'], cfg['img_W'], 1)

yb = Yte
yb_1h = np.eye(cfg['n_classes'])[yb]
yb_1h = yb_1h.reshape(-1, cfg['n_classes'])

feed_dict = {vox_in: xb, y_in: yb_1h, keep: 1.0}
logits_np, probs_np, acc_val = session.run([net.output, net.proba, net.accuracy], feed_dict=feed_dict)
print(acc_val)        
        
        
        
     