import load_data as ld
import generate_model as gen
from keras.callbacks import ModelCheckpoint

# read the splits
splits = ld.prepare_dataset('train')
fit_feats, fit_caps = splits[0]
held_feats, held_caps = splits[1]

# word index from the training captions
tok = gen.build_tokenizer(fit_caps)
n_words = len(tok.word_index) + 1
print('Words in vocabulary: %d' % n_words)

# longest caption in words
seq_len = gen.longest_caption(fit_caps)
print('Longest caption: %d' % seq_len)

# expand every caption into (image, prefix) -> next word samples
Ximg_fit, Xseq_fit, Y_fit = gen.expand_pairs(tok, seq_len, fit_caps, fit_feats)
Ximg_held, Xseq_held, Y_held = gen.expand_pairs(tok, seq_len, held_caps, held_feats)

# training

net = gen.build_captioner(n_words, seq_len)
# keep the best weights by validation loss
ckpt_path = 'models/model-ep{epoch:03d}-loss{loss:.3f}-val_loss{val_loss:.3f}.h5'
saver = ModelCheckpoint(ckpt_path, monitor='val_loss', verbose=1, save_best_only=True, mode='min')
# train
net.fit([Ximg_fit, Xseq_fit], Y_fit, epochs=20, verbose=2, callbacks=[saver], validation_data=([Ximg_held, Xseq_held], Y_held))

