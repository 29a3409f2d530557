import tensorflow as tf
import cv2 as cv
import numpy as np
import matplotlib.pyplot as plt
import trainer
from viz import show_samples
import settings as S

train_ds, feeder, steps = trainer.make_train_split('train')         # steps = batches per epoch
print(S.ckpt_dir + S.ckpt_file)
net = trainer.make_net()
net = trainer.prepare(net)#, warm_start = True, weights_file = S.ckpt_dir + S.ckpt_file)
show_samples(net, feeder)
trainer.fit(train_ds, net, steps_per_epoch=steps)
show_samples(net, feeder)
