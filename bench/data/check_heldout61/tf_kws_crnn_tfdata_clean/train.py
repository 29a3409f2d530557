# keyword spotting: fit a conv + recurrent tagger that emits keyword tokens




import os
import pickle
import argparse
from time import time

import numpy as np
import tensorflow as tf

from kws_pipeline import normalize_transcript, make_train_val_pipelines
from models import build_model, CustomCheckpoint


# run options



















ap = argparse.ArgumentParser()
ap.add_argument("-d","--datafolder",default='data',type=str,help="Folder written by the dataset preparation step.")
ap.add_argument("-r","--resultfolder",default='result_xx',type=str,help="New folder for outputs.")

ap.add_argument("-f","--feature_type",default='mfcc',type=str,help="Input features: mfcc or melspec.")
ap.add_argument("-m","--model_num",default=2,type=int,help="Which architecture to build (1..6).")

ap.add_argument("--train_test_split",default=0.8,type=float,help="Fraction of pairs used for training.")
ap.add_argument("--batch_size",default=64,type=int,help="Minibatch size.")
ap.add_argument("--noise_aug",default=0.0,type=float,help="Probability of mixing in background noise.")
ap.add_argument("--rng_seed",default=47,type=int,help="Shuffle seed.")
ap.add_argument("--epochs",default=100,type=int,help="Training epochs.")

ap.add_argument("--frame_length",default=256,type=int,help="Analysis window length in samples.")
ap.add_argument("--frame_step",default=128,type=int,help="Hop between windows in samples.")
ap.add_argument("--fft_length",default=256,type=int,help="FFT size.")

ap.add_argument("--lower_freq",default=80.0,type=float,help="Lowest mel filter edge in Hz.")
ap.add_argument("--upper_freq",default=7600.0,type=float,help="Highest mel filter edge in Hz.")
ap.add_argument("--n_mel_bins",default=80,type=int,help="Number of mel bands.")
ap.add_argument("--n_mfcc_bins",default=13,type=int,help="Number of cepstral coefficients kept.")
opts = ap.parse_args()






summary_txt = f"""RUN SUMMARY

split = {opts.train_test_split}
batch = {opts.batch_size}
seed = {opts.rng_seed}

window = {opts.frame_length}
hop = {opts.frame_step}
nfft = {opts.fft_length}
mel bands = {opts.n_mel_bins}
cepstra = {opts.n_mfcc_bins}
(static cepstra only)

architecture = {opts.model_num}
"""

run_params = {'feature_type': opts.feature_type,
                'model_num': opts.model_num,
                'train_test_split': opts.train_test_split,
                'batch_size': opts.batch_size,
                'rng_seed': opts.rng_seed,
                'noise_aug': opts.noise_aug,
                'frame_length': opts.frame_length,
                'frame_step': opts.frame_step,
                'fft_length': opts.fft_length,
                'lower_freq': opts.lower_freq,
                'upper_freq': opts.upper_freq,
                'n_mel_bins': opts.n_mel_bins,
                'n_mfcc_bins': opts.n_mfcc_bins}

if not os.path.exists(opts.datafolder):
    raise AssertionError('Data folder not found.')
if os.path.exists(opts.resultfolder):
    raise AssertionError('Output folder exists already; refusing to overwrite.')
else:
    os.makedirs(opts.resultfolder)


with open(os.path.join(opts.resultfolder,"parameters.pickle"), 'wb') as fh:
    pickle.dump(run_params, fh)
with open(os.path.join(opts.resultfolder,'description.txt'), 'w') as fh:
    fh.write(summary_txt)
with open(os.path.join(opts.resultfolder,'hist.txt'), 'w') as fh:
    fh.write('epoch\tloss\t\tval_loss\n')

if opts.feature_type=='mfcc':
    n_feat = opts.n_mfcc_bins
elif opts.feature_type=='melspec':
    n_feat = opts.n_mel_bins
else:
    raise AssertionError('Unknown feature kind.')





with open(os.path.join(opts.datafolder,"parameters.pickle"), 'rb') as fh:
    prep_params = pickle.load(fh)
with open(os.path.join(opts.datafolder,"noise_aug.pickle"), 'rb') as fh:
    noise_cfg = pickle.load(fh)
kw_list = prep_params['keywords']
n_kw = prep_params['num_kwd']

tokenizer = tf.keras.layers.experimental.preprocessing.TextVectorization(
    standardize=normalize_transcript,
    max_tokens=None,
    vocabulary=kw_list)



print('[1] reading path/transcript lists')




with open(os.path.join(opts.datafolder,"speech_commands_dict.pickle"), 'rb') as fh:
    sc_dict = pickle.load(fh)
with open(os.path.join(opts.datafolder,"speech_commands_edit_dict.pickle"), 'rb') as fh:
    sc_edit_dict = pickle.load(fh)
with open(os.path.join(opts.datafolder,"librispeech_dict.pickle"), 'rb') as fh:
    libri_dict = pickle.load(fh)




wav_paths = sc_dict['input_path'] + sc_edit_dict['input_path'] + libri_dict['input_path']
transcripts = sc_dict['target_text'] + sc_edit_dict['target_text'] + libri_dict['target_text']

n_total = len(wav_paths)
np.random.seed(opts.rng_seed)
perm = np.random.permutation(n_total)
wav_paths = [ wav_paths[k] for k in perm ]
transcripts = [ transcripts[k] for k in perm ]

n_train = int( n_total * opts.train_test_split )
print(f'pairs in total: {n_total}')
print(f'training pairs: {n_train}')
print(f'validation pairs: {n_total-n_train}')



print('[2] building tf.data pipelines')


train_pipe, val_pipe = make_train_val_pipelines(wav_paths, transcripts,
    noise_cfg=noise_cfg, mix_prob=opts.noise_aug,
    feat_kind=opts.feature_type, tok_layer=tokenizer, rate=prep_params['sampling_rate'],
    win=opts.frame_length, hop=opts.frame_step, nfft=opts.fft_length,
    n_mels=opts.n_mel_bins, f_lo=opts.lower_freq, f_hi=opts.upper_freq,
    n_mfcc=opts.n_mfcc_bins, bs=opts.batch_size, train_frac=opts.train_test_split)

print('a few examples')
t_start = time()
for example in train_pipe.take(1):
    for k in range(5):
        print(example['input'][k].shape, example['target'][k])



for example in val_pipe.take(1):
    for k in range(5):
        print(example['input'][k].shape, example['target'][k])



print('\n[3] building the network and fitting')



trainable, _ = build_model(opts.model_num, n_feat, n_kw)
trainable.summary()


saver = CustomCheckpoint(opts.resultfolder)

trainable.fit(train_pipe, validation_data=val_pipe,
        epochs=opts.epochs, callbacks=[saver])





# ---
