import keras as k
from keras.models import Graph
from keras.layers.core import *
from keras.layers.convolutional import *
from keras.layers.normalization import BatchNormalization
from keras import backend as K

from cifar_io import *
from collections import defaultdict

import random

#########################
### helper functions  ###
#########################

def margin_contrastive(y_true, y_pred):
    ''' contrastive loss in the style of Hadsell/Chopra
        written with keras.backend ops only '''
    #Q = 500.
    #return (1 - y_true) * 2 / Q * K.square(y_pred) + y_true * 2 * Q * K.exp(-2.77 / Q * y_pred)
    m = 1
    loss = K.mean(y_true * K.square(y_pred) + (1 - y_true) * K.square(K.maximum(m - y_pred, 0)))
    return loss

def euclid(pair):
    assert len(pair) == 2
    a, b = pair.values()
    return K.sqrt(K.sum(K.square(a - b), axis=1, keepdims=True))

def manhattan(pair):
    ''' || G(X_1) - G(X_2) ||_1
        a is G(X_1)
        b is G(X_2) '''
    a, b = pair.values()
    return K.sum(K.abs(a - b), axis=1, keepdims=True)
    
def build_pairs(by_class, per_image=1):
    ''' half same-class, half different-class pairs
        gives ([left, right], target) '''
    print('building pairs...')
    (same_l, same_r), y_same = build_same_pairs(by_class, per_image=per_image)
    (diff_l, diff_r), y_diff = build_diff_pairs(by_class, per_image=per_image)
    order = np.random.permutation(np.arange(same_l.shape[0] + diff_l.shape[0]))
    left = np.concatenate((same_l, diff_l), axis=0)[order,:]
    right = np.concatenate((same_r, diff_r), axis=0)[order,:]
    target = np.concatenate((y_same, y_diff), axis=0)[order]
    print('pairs ready')
    return [left, right], target

def build_same_pairs(by_class, per_image=1):
    lhs, rhs = [], []
    for cls in by_class:
        imgs = by_class[cls]
        n = len(imgs)
        for i in xrange(n):
            for j in xrange(per_image): # per_image same-class partners for each image
                lhs.append(imgs[i])
                rhs.append(imgs[random.randint(0, n - 1)])
    return [np.array(lhs), np.array(rhs)], np.zeros(len(lhs))
    
def build_diff_pairs(by_class, per_image=1):
    lhs, rhs = [], []
    for cls in by_class:
        imgs = by_class[cls]
        n = len(imgs)
        others = [z for z in xrange(len(by_class)) if z != cls]
        for i in xrange(n):
            for j in xrange(per_image):
                lhs.append(imgs[i])
                rhs.append(random.choice(by_class[random.choice(others)]))
    return [np.array(lhs), np.array(rhs)], np.ones(len(lhs))

def group_by_label(x, y):
    groups = defaultdict(lambda : [])
    for i, cls in enumerate(y):
        groups[cls].append(x[i,:,:,:])
    return groups

###########################
### the twin network    ###
###########################

class TwinNet:
    ''' A loose take on the Chopra et al. 2005 siamese design.
    Wraps a Graph: a shared/unshared leg per input, then a node that
    merges the two legs with a distance function. '''

    # defaults
    FIT_BATCH   = 64
    FIT_EPOCHS    = 2
    EVAL_BATCH = 1
    PRED_BATCH    = 1
    
    LEFT = 'left'
    RIGHT = 'right'
    OUT = 'output'

    def __init__(self, legs, input_shape, verbose=True):
        
        self.input_shape=(3, 32, 32)
        self.verbose = verbose
        self.assemble(legs)
        
    def assemble(self, legs):
        ''' legs - list of (shared, make_layer) tuples for the twin part
                 shared - whether the two legs use the same weights
                 make_layer - returns a fresh layer '''
        
        self.graph = Graph()
        left = self.LEFT
        right = self.RIGHT
        self.graph.add_input(name=left, input_shape=self.input_shape)
        self.graph.add_input(name=right, input_shape=self.input_shape)
        tag = 'name'
 
        for shared, make_layer in legs:
            if shared:
                self.graph.add_shared_node(
                        make_layer(),
                        name=tag,
                        inputs=[left, right],
                        outputs=[left+'\'', right+'\''])
            else:
                self.graph.add_node(
                        make_layer(),
                        input=left,
                        name=left+'\'')
                self.graph.add_node(
                        make_layer(),
                        input=right,
                        name=right+'\'')
            left += '\''
            right += '\''
            tag += '0'

        self.graph.add_node(Lambda(euclid),
                inputs=[left, right],
                merge_mode='join',
                name='dist')
        self.graph.add_output(name=self.OUT, input='dist')
        if self.verbose:
            print('twin graph assembled')
    
    def compile(self):
        self.graph.compile(loss={'output': margin_contrastive}, optimizer='adam')
        if self.verbose:
            print('twin graph compiled')
            
    def _as_feed(self, x, y=None):
        feed = {
                self.LEFT: x[0],
                self.RIGHT: x[1]
            }
        if y is not None:
            feed[self.OUT] = y
        return feed
        
    def fit(self, x, y, validation_data=None, nb_epoch=FIT_EPOCHS,
            batch_size=FIT_BATCH, shuffle=True):
        ''' train '''
        self.graph.fit(self._as_feed(x, y), nb_epoch=nb_epoch, batch_size=batch_size)
        if self.verbose:
            print('training finished')
        
    def evaluate(self, x, y, batch_size=EVAL_BATCH):
        ''' held-out loss '''
        held_loss = self.graph.evaluate(self._as_feed(x, y), batch_size=batch_size)
        if self.verbose:
            print('held-out loss:', held_loss)
        return held_loss
        
    def predict(self, x, batch_size=PRED_BATCH):
        ''' raw distances '''
        out = self.graph.predict(self._as_feed(x), batch_size=batch_size)
        if self.verbose:
            print('distances:', out)
        return out
        
    def save(self, filepath):
        self.graph.save_weights(filepath)
        
    def load(self, filepath):
        self.graph.load_weights(filepath)
        
    def similarity(self, x1, x2):
        pass # not written yet
    
############
### run  ###
############

def _fit_twin(net, x_tr, y_tr, filepath):
    groups_tr = group_by_label(x_tr,  y_tr)
    net.fit(*build_pairs(groups_tr, per_image=1)) #, validation_data=build_pairs(x_va, y_va))
    #net.save(filepath)

def entry():

    # data
    print('reading CIFAR-10...')
    
    bundle = get_CIFAR10_data()

    x_tr, y_tr = bundle['X_train'], bundle['y_train']
    x_va,   y_va   = bundle['X_val'],   bundle['y_val']
    
    N = x_tr.shape[0]
    
    # layers of the twin part
    # picked ad hoc, not tuned
    init = 'glorot_uniform'
    legs = []
    legs.append((
            False,
            lambda : BatchNormalization(
                    epsilon=1e-6,
                    mode=0,
                    axis=1,
                    momentum=0.9,
                    weights=None)
            )) # untuned batch norm, separate per leg
    legs.append((True, lambda : Convolution2D(10, 3, 3, init=init, border_mode='same')))
    for _ in xrange(1):
        legs.append((True, lambda : Convolution2D(10, 3, 3, init=init, border_mode='same')))
        legs.append((False, lambda : Activation('relu'))) # relu per leg
    legs.append((False, lambda : Flatten()))
    legs.append((False, lambda : Dense(100)))

    net = TwinNet(legs, input_shape=(3, 32, 32), verbose=True)
    net.compile()

    _fit_twin(net, x_tr, y_tr, filepath='weights.h5')
    #net.load(filepath='weights.h5')

    groups_va = group_by_label(x_va,  y_va)
    loss = net.evaluate(*build_pairs(groups_va, per_image=5))

    va_x, va_y = build_pairs(groups_va, per_image=5)
    dists = net.predict(va_x)[TwinNet.OUT]

    sums = [0,0]
    for i,p in enumerate(dists):
        if va_y[i] > .5:
            sums[1] += p[0]
        else:
            sums[0] += p[0]
    print(sums)

if __name__ == '__main__':
    entry()
    
