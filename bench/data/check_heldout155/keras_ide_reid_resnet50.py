#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
ID-embedding (IDE) person re-id baseline:
ResNet50 trained as an identity classifier.
"""

import numpy as np


from keras import optimizers
from keras.utils import np_utils, generic_utils
from keras.models import Sequential,Model
from keras.layers import Dropout, Flatten, Dense,Input
from keras.applications.resnet50 import ResNet50
from keras.applications.imagenet_utils import preprocess_input
from keras import backend as K
from keras.layers.core import Lambda
from sklearn.preprocessing import normalize
from keras.preprocessing.image import ImageDataGenerator
from keras.initializers import RandomNormal


import numpy.linalg as la
from IPython import embed

# euclidean nearest neighbours
def nearest(q_vec,gallery,top_num):  
    n = len(gallery)
    d = np.zeros(n)
    for k in range(n):
        diff = gallery[k]-q_vec
        d[k] = la.norm(diff)
    order = sorted(range(len(d)), key=lambda k: d[k])
#    print(order[:top_num+1])
    return order[1:top_num+1]

def full_ranking(q_vec,gallery):  
    n = len(gallery)
    d = np.zeros(n)
    for k in range(n):
        diff = gallery[k]-q_vec
        d[k] = la.norm(diff)    
    order = sorted(range(len(d)), key=lambda k: d[k])
#    embed()
#    print(order[:top_num+1])
    return order

def top_indices(queries,gallery,top_num):
    nq = len(queries)
    out = np.zeros([nq,top_num],np.int32)
    for k in range(nq):
        out[k]=nearest(queries[k],gallery,top_num)
#        if np.mod(k,100)==0:
#            print('query '+str(k))
    return out

def top_labels(idx):
    n = len(idx)
    top_num = len(idx[0])
    out = np.zeros([n,top_num],np.int32)
    for k in range(n):
        for j in range(top_num):
            out[k][j]= test_label[idx[k][j]]
#        if np.mod(k,100)==0:
#            print('label '+str(k))
#        print(out[k])
    return out

def top_acc(test_label,ranked_labels):
       q_labels= test_label
       t1 = 0
       t5 = 0
       t10 = 0 
       for k in range(len(ranked_labels)):
           delta = ranked_labels[k]-q_labels[k]
#           print(delta)
           hit = np.where(delta==0)
           if len(hit[0] >0):
               if hit[0][0]<1:
                   t1 = t1+1
               if hit[0][0]<5:
                   t5 = t5+1    
               if hit[0][0]<10:
                   t10 = t10+1
       k = k +1
       t1 = t1/k*1.0
       t5 = t5/k*1.0
       t10 = t10/k*1.0
       print(str(k)+' queries')
       return t1,t5,t10


def single_shot(q_feat,g_feat,q_label,g_label,trials):
    ids = np.unique(g_label)
    #n_ids = len(ids)
    by_id={}
    s1=0
    s5=0
    s10=0
    for k in range(len(ids)):
        by_id[ids[k]]=np.where(g_label==ids[k])
    for k in range(trials):
        qi = np.random.choice(len(q_label))
        lab = q_label[qi]        
        pick = np.random.choice(by_id[lab][0],1)
        chosen = pick 
        for j in range(len(ids)):
            other = ids[j]
            if other != lab:
                pick = np.random.choice(by_id[other][0],1)
                chosen = np.append(chosen,pick)
        qv =  q_feat[qi]
        gv = g_feat[chosen]
        order = full_ranking(qv,gv)
        pos = order.index(0)
        if pos<1:
            s1 = s1+1
        if pos<5:
            s5 = s5+1    
        if pos<10:
            s10 = s10+1
    s1 =s1/trials*1.0
    s5 =s5/trials*1.0
    s10 =s10/trials*1.0
    print('single-shot query')
    print('top1: '+str(s1)+'\n')
    print('top5: '+str(s5)+'\n')
    print('top10: '+str(s10)+'\n')  
    

"================================"

identity_num = 6273

print('reading data...')
## load the evaluation images here 


#from market_images import get_img
#query_img,test_img,query_label,test_label=get_img()
test_img =preprocess_input(test_img)
query_img = preprocess_input(query_img)

''''''''''''''''''''''''''
aug = ImageDataGenerator(horizontal_flip=True)

# ImageNet ResNet50 trunk
trunk = ResNet50(weights='imagenet', include_top=False, input_tensor=Input(shape=(224,224,3)))
h = trunk.output
feat = Flatten(name='flatten')(h)
drop = Dropout(0.5)(feat)
probs = Dense(identity_num, activation='softmax', name='fc8', kernel_initializer=RandomNormal(mean=0.0, stddev=0.001))(drop)  # default would be glorot_uniform
net = Model(input=trunk.input, output=probs)
embedder = Model(input=trunk.input, output=feat)

# train every layer
for layer in net.layers:
   layer.trainable = True

# training
batch_size = 16
# stage 1
adam = optimizers.Adam(lr=0.001)
net.compile(optimizer=adam, loss='categorical_crossentropy',metric ='accuracy')

# optionally start from saved weights
#net.load_weights('ide_weights.h5')
from image_chunks import get_train_img
  
it = 0
while(True):
    x_tr,y_tr = get_train_img(8000) # a chunk of training images
    x_tr = preprocess_input(x_tr)
    y_tr_onehot = np_utils.to_categorical(y_tr,identity_num)
    net.fit_generator(aug.flow(x_tr, y_tr_onehot, batch_size=batch_size),
                        steps_per_epoch=len(x_tr)/batch_size, epochs=1)
    it = it+1
    # more could go here
    # if np.mod(it,100) == 0:
