# -*- coding: utf-8 -*-
"""
Second stage: fine-tune a YOLOv1-style head
on a two-class box list.

"""
import tensorflow as tf
import keras
from keras.models import Model,load_model
from keras.layers import Reshape, Activation, Convolution2D,Conv2D, Input, MaxPooling2D, BatchNormalization, Flatten, Dense, Lambda,Dropout
from keras.layers.advanced_activations import LeakyReLU
import cv2
import numpy as np
from sklearn.model_selection import train_test_split
import keras.backend as K


S=7
B=2
C=2

def read_box_list(list_path,S,C):
    fh = open(list_path,'r')
    targets = []
    pics = []
    for row in fh:
        parts = row.strip().split(' ')
        pic = cv2.imread(parts[0])
        W,H,_=pic.shape
        pic = cv2.resize(pic, (224, 224))
        pic = cv2.cvtColor(pic, cv2.COLOR_BGR2RGB).astype(np.float32)
        pic = (pic / 255.0) * 2.0 - 1.0
        raw = parts[2].split(',')
        bx = [int(v) for v in raw]
        bx[0]+=bx[2]/2
        bx[1]+=bx[3]/2
        cls_id = int(parts[1])
        grid=np.zeros([S,S,5+C])
        rel=np.zeros(4)
        cw=W/S
        ch=H/S
        gx=int(bx[0]/cw)
        gy=int(bx[1]/ch)
        rel[0]=(bx[0]-gx*cw)/cw
        rel[1]=(bx[1]-gy*ch)/ch
        rel[2]=np.sqrt(bx[2]/W)
        rel[3]=np.sqrt(bx[3]/H)
        cell=np.zeros(5+C)
        cell[0]=1
        cell[1:5]=rel
        cell[5+cls_id]=1
        grid[gx,gy,:]=cell
        pics.append(pic)
        targets.append(grid)
        #grid shape=[S,S,5+C]
    pics=np.array(pics)
    targets=np.array(targets)
    #return tf.constant(pics),tf.constant(targets)
    return pics,targets
def box_iou(b1, b2, scope='iou'):
    with tf.variable_scope(scope):
        # centre/size -> corners
        b1_c = tf.stack([b1[..., 0] - b1[..., 2] / 2.0,
                             b1[..., 1] - b1[..., 3] / 2.0,
                             b1[..., 0] + b1[..., 2] / 2.0,
                             b1[..., 1] + b1[..., 3] / 2.0],
                            axis=-1)

        b2_c = tf.stack([b2[..., 0] - b2[..., 2] / 2.0,
                             b2[..., 1] - b2[..., 3] / 2.0,
                             b2[..., 0] + b2[..., 2] / 2.0,
                             b2[..., 1] + b2[..., 3] / 2.0],
                            axis=-1)

        # overlap corners
        top_left = tf.maximum(b1_c[..., :2], b2_c[..., :2])
        bot_right = tf.minimum(b1_c[..., 2:], b2_c[..., 2:])

        # overlap area
        ov = tf.maximum(0.0, bot_right - top_left)
        ov_area = ov[..., 0] * ov[..., 1]

        # own areas
        a1 = b1[..., 2] * b1[..., 3]
        a2 = b2[..., 2] * b2[..., 3]

        uni = tf.maximum(a1 + a2 - ov_area, 1e-10)

    return tf.clip_by_value(ov_area / uni, 0.0, 1.0)
def yolo_loss(y_true,y_pred):
    pr=y_pred
    gt=y_true
    #N=gt.get_shape().as_list()[0]
    cut1=S*S*C
    cut2=cut1+S*S*B
    #N=gt.shape[0]
    w_coord=5
    w_noobj=0.2
    pr_cls = tf.reshape(pr[..., :cut1],(-1,S,S,C))
    pr_conf = tf.reshape(pr[...,cut1:cut2],(-1,S,S,B))
    pr_box = tf.reshape(pr[...,cut2:],(-1,S,S,B,4))
    gt_cls=gt[...,5:]
    gt_conf=gt[...,0]
    gt_box=gt[...,1:5]
    gt_box=tf.stack([gt_box[...,0],
                         gt_box[...,1],
                         tf.sqrt(gt_box[...,2]),
                         tf.sqrt(gt_box[...,3])],axis=-1)
    tiled=tf.reshape(gt_box,(-1,S,S,1,4))
    tiled = tf.tile(
                tiled, [1, 1, 1, B, 1])

    ious = box_iou(pr_box,tiled)
    has_obj = tf.reshape(
                gt_conf,
                [-1,S,S,1])

    resp = tf.reduce_max(ious, 3, keep_dims=True)
    resp = tf.cast(
        (ious >= resp), tf.float32) * has_obj

    not_resp = tf.ones_like(
        resp, dtype=tf.float32) - resp
    """
    total=tf.reduce_sum(tf.square(gt_cls*resp-pr_cls*resp))
    #object term
    hi_conf=tf.reduce_max(pr_conf,axis=3)
    lo_conf=tf.reduce_min(pr_conf,axis=3)
    total+=tf.reduce_sum(tf.square(gt_conf*resp-hi_conf*resp))
    #no-object terms
    total+=w_noobj*tf.reduce_sum(tf.square(gt_conf*resp-lo_conf*resp))
    total+=w_noobj*tf.reduce_sum(tf.square(gt_conf*not_resp-hi_conf*not_resp))
    total+=w_noobj*tf.reduce_sum(tf.square(gt_conf*not_resp-lo_conf*not_resp))
    #box terms
    hi_box=tf.reduce_max(pr_box,axis=3)
    total+=w_coord*tf.reduce_sum(tf.square(gt_box[...,0]*resp-hi_box[...,0]*resp)+
                        tf.square(gt_box[...,1]*resp-hi_box[...,1]*resp))
    total+=w_coord*tf.reduce_sum(tf.square(tf.sqrt(gt_box[...,2]*resp)-tf.sqrt(hi_box[...,2]*resp))+
                        tf.square(tf.sqrt(gt_box[...,3]*resp)-tf.sqrt(hi_box[...,3]*resp)))
    """
    #class term
    d_cls=has_obj*(pr_cls-gt_cls)
    total=tf.reduce_mean(tf.reduce_sum(tf.square(d_cls),axis=[1,2,3]))
    #object term
    d_obj=resp*(pr_conf-ious)
    total+=tf.reduce_mean(tf.reduce_sum(tf.square(d_obj),axis=[1,2,3]))
    #no-object term
    d_noobj=not_resp*pr_conf
    total+=tf.reduce_mean(tf.reduce_sum(tf.square(d_noobj),axis=[1,2,3]))*w_noobj
    #box term
    m=tf.expand_dims(resp,4)
    d_box=m*(tiled-pr_box)
    total+=tf.reduce_mean(tf.reduce_sum(tf.square(d_box),axis=[1,2,3,4]))*w_coord
    return total  
def build_head():
    
    net=load_model('./stage1/model.h5')
    for j in range(6):
        net.pop()
    for lyr in net.layers[:-10]:
        lyr.trainable = False
    net.add(Flatten())
    net.add(Dense(4096))
    net.add(LeakyReLU(alpha=0.1,name='lrelu_a'))
    net.add(Dropout(0.5,name='dropout_a'))
    net.add(Dense(4096))
    net.add(LeakyReLU(alpha=0.1,name='lrelu_b'))
    net.add(Dropout(0.5,name='dropout_b'))
    net.add(Dense(S*S*(5*B+C)))
    return net
"""
def hit_score(pr,gt):
    cut1=S*S*C
    cut2=cut1+S*S*B
    gt_conf=gt[...,0]
    pr_conf = tf.reshape(pr[...,cut1:cut2],(-1,S,S,B))
    s=gt_conf*pr_conf[...,0]+gt_conf*pr_conf[...,1]
    return tf.reduce_sum(s)
"""
if __name__ == '__main__':
    pics,targets=read_box_list('refine_list.txt',7,2)

    
    #net=build_head()
    net=load_model('./stage2/model.h5',custom_objects={'yolo_loss': yolo_loss})
    
    net.summary()
    
    adam = keras.optimizers.Adam(lr=1e-5)
    net.compile(loss=yolo_loss,optimizer=adam)

    for r in range(30):
        out=net.predict(pics)

        net.fit(pics,targets,nb_epoch=10,batch_size=16)
        
        dst = "./stage2/model.h5"
        net.save(dst)
