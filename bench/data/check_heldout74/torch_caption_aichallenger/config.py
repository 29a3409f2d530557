import os

import torch
import torch.backends.cudnn as cudnn

image_h = image_w = image_size = 256
channel = 3
epochs = 10000
patience = 10
num_train_samples = 1050000
num_valid_samples = 150000
max_len = 40
captions_per_image = 5

# model sizes
emb_dim = 512  # word embedding width
attention_dim = 512  # attention projection width
decoder_dim = 512  # LSTM decoder width
dropout = 0.5
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')  # where tensors and models live
cudnn.benchmark = True  # inputs have a fixed size, so let cudnn pick kernels

# training settings
start_epoch = 0
epochs = 120  # upper bound on epochs unless early stopping ends the run
epochs_since_improvement = 0  # epochs since the validation BLEU-4 last went up
batch_size = 128
workers = 2  # loader worker processes
encoder_lr = 1e-4  # encoder learning rate when it is fine-tuned
decoder_lr = 4e-4  # decoder learning rate
grad_clip = 5.  # absolute gradient clip value
alpha_c = 1.  # weight of the doubly stochastic attention term
best_bleu4 = 0.  # best validation BLEU-4 so far
print_freq = 100  # log every this many batches
fine_tune_encoder = False  # train the CNN encoder too?
checkpoint = None  # checkpoint path to resume from
min_word_freq = 3

# paths
data_folder = 'data'
train_folder = 'data/ai_challenger_caption_train_20170902'
valid_folder = 'data/ai_challenger_caption_validation_20170910'
test_a_folder = 'data/ai_challenger_caption_test_a_20180103'
test_b_folder = 'data/ai_challenger_caption_test_b_20180103'
train_image_folder = os.path.join(train_folder, 'caption_train_images_20170902')
valid_image_folder = os.path.join(valid_folder, 'caption_validation_images_20170910')
test_a_image_folder = os.path.join(test_a_folder, 'caption_test_a_images_20180103')
test_b_image_folder = os.path.join(test_b_folder, 'caption_test_b_images_20180103')
train_annotations_filename = os.path.join(train_folder, 'caption_train_annotations_20170902.json')
valid_annotations_filename = os.path.join(valid_folder, 'caption_validation_annotations_20170910.json')
test_a_annotations_filename = os.path.join(test_a_folder, 'caption_test_a_annotations_20180103.json')
test_b_annotations_filename = os.path.join(test_b_folder, 'caption_test_b_annotations_20180103.json')
