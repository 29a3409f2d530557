import tensorflow as tf

project = 'Baseline_Image_Denoiser'
root_dir = '/content'
archive_url = 'https://www2.eecs.berkeley.edu/Research/Projects/CS/vision/grouping/segbench/BSDS300-images.tgz' # a VOC 2007 zip was used before
archive_name = 'BSDS300' # was 'VOCTrainVal'
data_root = root_dir + '/Dataset'
image_dir = data_root+"/"+archive_name+"/images/"

side = 256
channels = 3
batch = 8
shuffle_buf = 1024
sigma = 30

n_epochs = 50

sgd = tf.keras.optimizers.SGD
adam = tf.keras.optimizers.Adam
rmsp = tf.keras.optimizers.RMSprop
mse = 'mean_squared_error'
lr = 1e-3

opt_cls = adam
objective = mse

ckpt_dir = root_dir + '/' + project + '/checkpoints/'
ckpt_file = 'denoiser_bsds300_' + str(side) + "_sigma" + str(sigma) + '.h5' # older run: 'denoiser_voc_'+str(side)+'.h5'
