
# coding: utf-8

# In[3]:

import numpy as np
import numpy.ma as ma
import pandas as pd
import os
import sys
import gc
import json
import configparser
from datetime import datetime
import time

from keras.callbacks import EarlyStopping, ModelCheckpoint
from keras import optimizers
from keras.models import load_model
from keras.preprocessing.image import ImageDataGenerator

from sklearn.metrics import fbeta_score, precision_score, recall_score

from utils.f2thresholdfinder import *
from utils.jpg_cache import *
from utils.batches import *
from utils.custommetrics import *
from utils.visualization import *
from utils.submit import *
from utils.file import *

from pretrained.vgg16 import *
from pretrained.vgg19 import *
from pretrained.resnet50 import *
from pretrained.densenet121 import *
from pretrained.custommodels import *


# In[4]:

# usage: "python finetune.py cfg/3.cfg"
cfg_path = sys.argv[1]

print('settings come from: {}'.format(cfg_path))

cfg = configparser.ConfigParser()
cfg.read(cfg_path)
root = cfg.get('data', 'data_dir')

dim = 224

net_name = cfg.get('model', 'name')
print('network: {}'.format(net_name))

start_model_path = None
start_weights_path = None

#start_model_path = 'D:/Downloads/amazon/bottleneck/resnet50/frozen164_20170703-204725.h5'
if cfg.has_option('model', 'source'):
    start_model_path = cfg.get('model', 'source')
    print('starting model file: {}'.format(start_model_path))
elif cfg.has_option('model', 'weights'):
    start_weights_path = cfg.get('model', 'weights')
    print('starting weights file: {}'.format(start_weights_path))
#else:
#    raise ValueError('the cfg needs either a model file or a weights file')
    
n_frozen = cfg.getint('model', 'frozen_layers')
print('frozen layers: {}'.format(n_frozen))

lr_steps = json.loads(cfg.get('model', 'learning_rate_schedule'))
print(lr_steps)
epochs_per_step = json.loads(cfg.get('model', 'max_epoch_per_learning_rate'))
print(epochs_per_step)

bs = cfg.getint('model', 'batch_size') 
print('batch: {}'.format(bs))
#bs = 64

run_tag = time.strftime("%Y%m%d-%H%M%S")

quiet = 0

tag_names = ['slash_burn', 'clear', 'blooming', 'primary', 'cloudy', 'conventional_mine', 'water', 'haze', 'cultivation', 'partly_cloudy', 'artisinal_mine', 'habitation', 'bare_ground', 'blow_down', 'agriculture', 'road', 'selective_logging']


# In[5]:

train_frame = pd.read_csv(root + 'train_v2.csv')
tiles, targets = read_train_tiles(train_frame, dim)
print(tiles.shape)
print(targets.shape)


# In[6]:

n_all = tiles.shape[0]
cut = int(n_all * 0.90)
                     
tiles, val_tiles, targets, val_targets = tiles[:cut], tiles[cut:], targets[:cut], targets[cut:]

n_val = n_all - cut


# In[7]:

# stop as soon as validation loss stops falling
stopper = EarlyStopping(monitor='val_loss',patience=1, min_delta=0, verbose=0, mode='auto')


# In[8]:

norm_fn = pick_normalizer(net_name)

tr_batcher = TileBatcher(normalization=norm_fn)
tr_flow = tr_batcher.trainGen(tiles, targets, bs)
va_batcher = TileBatcher(normalization=norm_fn)
va_flow = va_batcher.validationGen(val_tiles, val_targets, bs)


# In[9]:

# an earlier head-only run reached val_loss 0.105
# net = load_model('D:/Downloads/amazon/bottleneck/resnet50/frozen175_20170703-110325.h5')

if net_name == 'vgg19':
    net = custom_top_model(net_name, num_classes=17, num_frozen_layers=n_frozen)
else:
    # full model file or weights only; load_model fails on custom layers, hence both paths.
    if start_model_path is not None:
        net = load_model(start_model_path)
        net = freeze_layers(net, num_frozen_layers=n_frozen)
    else:
        net = custom_top_model(net_name, num_classes=17, num_frozen_layers=n_frozen)
        net.load_weights(start_weights_path)

print(net.summary())
# which layers still train
for j, lyr in enumerate(net.layers):
    print(j, lyr.name, lyr.trainable if hasattr(lyr, 'trainable') else False)


# In[ ]:

best_model_path = root + 'bottleneck/{}/frozen{}_{}.h5'.format(net_name, n_frozen, run_tag)
# keep only the best epoch
model_saver = ModelCheckpoint(best_model_path, monitor='val_loss', verbose=1, save_best_only=True, save_weights_only=False)

# weights too, since load_model trips over custom layers
best_weights_path = root + 'bottleneck/{}/frozen{}_{}_weights_only.h5'.format(net_name, n_frozen, run_tag)
weights_saver = ModelCheckpoint(best_weights_path, monitor='val_loss', verbose=1, save_best_only=True, save_weights_only=True)


# In[ ]:

t0 = datetime.now()

hist = {}
f2_hist = []

per_epoch = tiles.shape[0]

for lr, n_ep in zip(lr_steps, epochs_per_step):
    print('lr now :{}'.format(lr))
    net.optimizer.lr.set_value(lr)
    
    step_hist = net.fit_generator(tr_flow,
                        samples_per_epoch=per_epoch,
                        nb_epoch=n_ep,
                        validation_data=va_flow,
                        nb_val_samples=n_val,              
                        verbose=quiet,
                        callbacks=[stopper, model_saver, weights_saver])
    
    for key, vals in step_hist.history.iteritems():
        hist.setdefault(key, []).extend(vals)

took = datetime.now() - t0
print('{} fine-tuning done in {}'.format(net_name, took))


# In[ ]:

# load_model cannot rebuild the nested custom VGG19
# reload the best checkpoint before predicting

import gc
del net
gc.collect()

if start_model_path is not None:
    print('reloading model: {}'.format(best_model_path))
    net = load_model(best_model_path)
else:
    print('reloading weights: {}'.format(best_weights_path))
    net = custom_top_model(net_name, num_classes=17, num_frozen_layers=n_frozen)
    net.load_weights(best_weights_path)


# In[ ]:

va_batcher = TileBatcher(normalization=norm_fn)

val_pred, cutoffs = predict_with_optimal_thresholds(val_tiles, val_targets, va_batcher, net)

# kept for weighting an ensemble later
np.save(root + '/temp/{}_{}_valid_set_predictions'.format(net_name, run_tag), val_pred)


# In[ ]:

cutoff_frame = pd.DataFrame({'label':tag_names, 
                             'optimized_threshold':cutoffs})
print(cutoff_frame)


# In[ ]:

prec, rec, f2s = calculate_stats_for_prediction(val_targets, val_pred)

stats_frame = pd.DataFrame({
    'label': tag_names, 
    'true_sum': np.sum(val_targets, axis=0),
    'predict_sum': np.sum(val_pred, axis=0),
    'f2': f2s,
    'recall': rec,
    'precision': prec
})

# columns in a readable order
stats_frame = stats_frame[['label', 'f2', 'recall', 'precision', 'true_sum', 'predict_sum']]
print(stats_frame)


# In[ ]:

fig_dir = 'figures/{}'.format(net_name)
makedirs(fig_dir)

fig_path = fig_dir + '/stats_frozen{}_{}.png'.format(n_frozen, run_tag)
trainHistoryPlot(fig_path, hist, f2_hist, stats_frame)


# In[ ]:

template_csv = root + 'sample_submission_v2.csv'

out_csv = root + 'my_submissions/submission_{}_{}.csv'.format(net_name, run_tag)

norm_fn = pick_normalizer(net_name)
te_batcher = TileBatcher(normalization=norm_fn)


# In[ ]:

write_submission(net,
                cutoffs,
                dim, 
                tag_names,
                template_csv,
                out_csv,
                te_batcher)


# In[ ]:



