import os
import pickle
import numpy as np
import tensorflow as tf


# transcript normalisation



def normalize_transcript(txt):
    """Clean a transcript: lower case, strip punctuation,
    fold a few plurals onto the keyword form
    (keywords include house, right, one)"""

    txt = tf.strings.lower(txt)

    txt = tf.strings.regex_replace(txt, "[()*'?!,.:;\n]", '')

    txt = tf.strings.regex_replace(txt, "houses",  "house")
    txt = tf.strings.regex_replace(txt, "rights",  "right")
    txt = tf.strings.regex_replace(txt, "ones", "one")


    return txt


# waveform -> feature helpers




@tf.function
def read_wav(wav_path):
    """Decode a mono wav file."""
    raw_bytes = tf.io.read_file(wav_path)
    sig, _ = tf.audio.decode_wav(raw_bytes, 1)
    return tf.squeeze(sig, axis=-1)

@tf.function
def mix_noise(sig, noise_track, p_mix):
    offset = tf.random.uniform([], minval=0, maxval=tf.shape(noise_track)[0]-tf.shape(sig)[0], dtype=tf.int32)
    return tf.cond(
        tf.math.less(tf.random.uniform([],minval=0,maxval=1),p_mix),
        lambda: sig + noise_track[offset : offset + tf.shape(sig)[0]],
        lambda: sig
    )

@tf.function
def logmel_features(sig, mel_w, win=256, hop=128, nfft=256,
        n_mels=80):
    """Log-mel spectrogram of one waveform."""


    spec = tf.signal.stft(sig, frame_length=win, frame_step=hop, fft_length=nfft)

    mel = tf.tensordot(tf.abs(spec), mel_w, 1)

    mel = tf.math.log(mel + 1e-8)
    return tf.expand_dims(mel,axis=-1)

@tf.function
def mfcc_features(sig, mel_w, win=256, hop=128, nfft=256,
    n_mels=80, n_mfcc=13):
    """MFCCs of one waveform."""


    spec = tf.signal.stft(sig, frame_length=win, frame_step=hop, fft_length=nfft)

    mel = tf.tensordot(tf.abs(spec), mel_w, 1)

    mel = tf.math.log(mel + 1e-8)
    return tf.signal.mfccs_from_log_mel_spectrograms(mel)[:,:n_mfcc]

@tf.function
def to_example(feats_in, toks):
    """Pack features and tokens into a dict."""
    return {'input': feats_in, 'target': toks}


def make_pipeline(files, sentences, feat_fn=None, noise_track=None, mix_prob=0.0,
        tok_layer=None, bs=32, n_kw=10):
    """tf.data pipeline: paths -> features, transcripts -> token ids, padded batches."""

    wave_ds = tf.data.Dataset.from_tensor_slices(files)
    wave_ds = wave_ds.map(read_wav)
    if mix_prob > 0.0 and mix_prob<= 1.0:
        wave_ds = wave_ds.map(lambda s: mix_noise(s, noise_track, mix_prob))
    wave_ds = wave_ds.map(feat_fn, num_parallel_calls=tf.data.experimental.AUTOTUNE)


    tok_ds = tf.data.Dataset.from_tensor_slices(sentences)
    tok_ds = tok_ds.map(lambda s: tok_layer(s)-1)


    wave_ds = wave_ds.padded_batch(bs)
    tok_ds = tok_ds.padded_batch(bs, padding_values=np.int64(n_kw+1))
    pipe = tf.data.Dataset.zip((wave_ds, tok_ds))
    pipe = pipe.map(to_example)
    pipe = pipe.prefetch(tf.data.experimental.AUTOTUNE)

    return pipe

def make_train_val_pipelines(feats_in, label_texts, bs=32, train_frac=0.8,
    feat_kind='mfcc', tok_layer=None, rate=16000, win=256, hop=128,
    nfft=256, n_mels=80, f_lo=80.0, f_hi=7600.0, n_mfcc=13,
    noise_cfg=None, mix_prob=0.0):
    """Build pipelines from a list of wav paths and a list of transcripts."""


    n_kw = len(tok_layer.get_vocabulary())-2

    n_train = int( len(feats_in)*train_frac )


    mel_w = tf.signal.linear_to_mel_weight_matrix(
        n_mels, nfft//2+1, rate, f_lo, f_hi)


    noise_track = tf.constant([])
    if mix_prob > 0.0 and mix_prob <= 1.0:

        for fh, gain in zip(noise_cfg['path'], noise_cfg['amp']):
            raw_bytes = tf.io.read_file(fh)
            sig, _ = tf.audio.decode_wav(raw_bytes, 1)
            noise_track = tf.concat([noise_track,gain*tf.squeeze(sig, axis=-1)],0)

    if feat_kind=='mfcc':
        train_pipe = make_pipeline(feats_in[:n_train], label_texts[:n_train],
            bs=bs, n_kw=n_kw, tok_layer=tok_layer,
            noise_track=noise_track, mix_prob=mix_prob,
            feat_fn=lambda w: mfcc_features( w, mel_w,
            win=win, hop=hop, nfft=nfft,
            n_mels=n_mels, n_mfcc=n_mfcc))
        val_pipe = make_pipeline(feats_in[n_train:], label_texts[n_train:],
            bs=bs, n_kw=n_kw, tok_layer=tok_layer,
            noise_track=noise_track, mix_prob=mix_prob,
            feat_fn=lambda w: mfcc_features( w, mel_w,
            win=win, hop=hop, nfft=nfft,
            n_mels=n_mels, n_mfcc=n_mfcc))
    elif feat_kind=='melspec':
        train_pipe = make_pipeline(feats_in[:n_train], label_texts[:n_train],
            bs=bs, n_kw=n_kw, tok_layer=tok_layer,
            noise_track=noise_track, mix_prob=mix_prob,
            feat_fn=lambda w: logmel_features( w, mel_w,
            win=win, hop=hop, nfft=nfft,
            n_mels=n_mels))
        val_pipe = make_pipeline(feats_in[n_train:], label_texts[n_train:],
            bs=bs, n_kw=n_kw, tok_layer=tok_layer,
            noise_track=noise_track, mix_prob=mix_prob,
            feat_fn=lambda w: logmel_features( w, mel_w,
            win=win, hop=hop, nfft=nfft,
            n_mels=n_mels))

    return train_pipe, val_pipe


def make_val_pipeline(feats_in, label_texts, bs=32, train_frac=0.8,
    feat_kind='mfcc', tok_layer=None, rate=16000, win=256, hop=128,
    nfft=256, n_mels=80, f_lo=80.0, f_hi=7600.0, n_mfcc=13,
    noise_cfg=None, mix_prob=0.0):
    """Build pipelines from a list of wav paths and a list of transcripts."""


    n_kw = len(tok_layer.get_vocabulary())-2

    n_train = int( len(feats_in)*train_frac )


    mel_w = tf.signal.linear_to_mel_weight_matrix(
        n_mels, nfft//2+1, rate, f_lo, f_hi)


    noise_track = tf.constant([])
    if mix_prob > 0.0 and mix_prob <= 1.0:

        for fh, gain in zip(noise_cfg['path'], noise_cfg['amp']):
            raw_bytes = tf.io.read_file(fh)
            sig, _ = tf.audio.decode_wav(raw_bytes, 1)
            noise_track = tf.concat([noise_track,gain*tf.squeeze(sig, axis=-1)],0)

    if feat_kind=='mfcc':
        val_pipe = make_pipeline(feats_in[n_train:], label_texts[n_train:],
            bs=bs, n_kw=n_kw, tok_layer=tok_layer,
            noise_track=noise_track, mix_prob=mix_prob,
            feat_fn=lambda w: mfcc_features( w, mel_w,
            win=win, hop=hop, nfft=nfft,
            n_mels=n_mels, n_mfcc=n_mfcc))
    elif feat_kind=='melspec':
        val_pipe = make_pipeline(feats_in[n_train:], label_texts[n_train:],
            bs=bs, n_kw=n_kw, tok_layer=tok_layer,
            noise_track=noise_track, mix_prob=mix_prob,
            feat_fn=lambda w: logmel_features( w, mel_w,
            win=win, hop=hop, nfft=nfft,
            n_mels=n_mels))

    return val_pipe


def preview_pipeline(feats_in, label_texts, noise_cfg=None, mix_prob=0.0,
    feat_kind='mfcc', tok_layer=None, rate=16000, win=256, hop=128,
    nfft=256, n_mels=80, f_lo=80.0, f_hi=7600.0, n_mfcc=13,
    ):
    """Build pipelines from a list of wav paths and a list of transcripts."""


    n_kw = len(tok_layer.get_vocabulary())-2


    mel_w = tf.signal.linear_to_mel_weight_matrix(
        n_mels, nfft//2+1, rate, f_lo, f_hi)


    noise_track = tf.constant([])
    if mix_prob > 0.0 and mix_prob <= 1.0:

        for fh, gain in zip(noise_cfg['path'], noise_cfg['amp']):
            raw_bytes = tf.io.read_file(fh)
            sig, _ = tf.audio.decode_wav(raw_bytes, 1)
            noise_track = tf.concat([noise_track,gain*tf.squeeze(sig, axis=-1)],0)


    wave_ds = tf.data.Dataset.from_tensor_slices(feats_in)
    wave_ds = wave_ds.map(read_wav)
    if mix_prob > 0.0 and mix_prob<= 1.0:
        wave_ds = wave_ds.map(lambda s: mix_noise(s, noise_track, mix_prob))


    if feat_kind=='mfcc':
        feature_ds = wave_ds.map(lambda w: mfcc_features( w, mel_w, win=win,
            hop=hop, nfft=nfft, n_mels=n_mels,
            n_mfcc=n_mfcc), num_parallel_calls=tf.data.experimental.AUTOTUNE)
    elif feat_kind=='melspec':
        feature_ds = wave_ds.map(lambda w: logmel_features( w, mel_w,
            win=win, hop=hop, nfft=nfft,
            n_mels=n_mels), num_parallel_calls=tf.data.experimental.AUTOTUNE)


    tok_ds = tf.data.Dataset.from_tensor_slices(label_texts)
    tok_ds = tok_ds.map(lambda s: tok_layer(s)-1)


    pipe = tf.data.Dataset.zip((wave_ds, feature_ds, tok_ds))
    pipe = pipe.batch(1)
    pipe = pipe.prefetch(tf.data.experimental.AUTOTUNE)

    return pipe



# ---
