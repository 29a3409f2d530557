# Copied for the oomdoctor check set; original comments were dropped or reworded (origin: labels.json).
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import glob
import re
import logging
import unicodedata
import codecs

import numpy as np
import scipy.io.wavfile as wav
from python_speech_features import mfcc


def read_text_file(path):
    """read text file (summary rewritten)."""
    with codecs.open(path, encoding="utf-8") as file:
        return file.read()


def normalize_text(text, remove_apostrophe=True):
    """normalize text (summary rewritten)."""

    result = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()

    if remove_apostrophe:
        result = result.replace("'", "")

    return re.sub("[^a-zA-Z']+", ' ', result).strip().lower()


def read_text_files(dir, extensions=['txt']):
    """read text files (summary rewritten)."""
    if not os.path.isdir(dir):
        logging.error("Text files directory %s is not found.", dir)
        return None

    if not all(isinstance(extension, str) for extension in extensions):
        logging.error("Variable 'extensions' is not a list of strings.")
        return None

    files_paths_list = []
    for extension in extensions:
        file_glob = os.path.join(dir, '*.' + extension)
        files_paths_list.extend(glob.glob(file_glob))

    files = []
    for file_path in files_paths_list:
        file = read_text_file(file_path)
        file = normalize_text(file)
        files.append(file)

    files = np.array(files)
    return files


def read_audio_files(dir, extensions=['wav']):
    """read audio files (summary rewritten)."""
    if not os.path.isdir(dir):
        logging.error("Audio files directory %s is not found.", dir)
        return None

    if not all(isinstance(extension, str) for extension in extensions):
        logging.error("Variable 'extensions' is not a list of strings.")
        return None

    files_paths_list = []
    for extension in extensions:
        file_glob = os.path.join(dir, '*.' + extension)
        files_paths_list.extend(glob.glob(file_glob))

    files = []
    for file_path in files_paths_list:
        audio_rate, audio_data = wav.read(file_path)
        file = mfcc(audio_data, samplerate=audio_rate)
        files.append(file)

    files = np.array(files)
    return files


def make_char_array(text, space_token='<space>'):
    """make char array (summary rewritten)."""
    result = np.hstack([space_token if x == ' ' else list(x) for x in text])
    return result


def sparse_tuples_from_sequences(sequences, dtype=np.int32):
    """sparse tuples from sequences (summary rewritten)."""
    indexes = []
    values = []

    for n, sequence in enumerate(sequences):
        indexes.extend(zip([n] * len(sequence), range(len(sequence))))
        values.extend(sequence)

    indexes = np.asarray(indexes, dtype=np.int64)
    values = np.asarray(values, dtype=dtype)
    shape = np.asarray([len(sequences), np.asarray(indexes).max(0)[1] + 1], dtype=np.int64)

    return indexes, values, shape


def sequence_decoder(sequence, first_index=(ord('a') - 1)):
    """sequence decoder (summary rewritten)."""
    decoded_text = ''.join([chr(x) for x in np.asarray(sequence) + first_index])
    decoded_text = decoded_text.replace(chr(ord('z') + 1), '')
    decoded_text = decoded_text.replace(chr(ord('a') - 1), ' ')
    return decoded_text


def texts_encoder(texts, first_index=(ord('a') - 1), space_index=0, space_token='<space>'):
    """texts encoder (summary rewritten)."""
    result = []
    for text in texts:
        item = make_char_array(text, space_token)
        item = np.asarray([space_index if x == space_token else ord(x) - first_index for x in item])
        result.append(item)

    return np.array(result)


def standardize_audios(inputs):
    """standardize audios (summary rewritten)."""
    result = []
    for i in range(inputs.shape[0]):
        item = np.array((inputs[i] - np.mean(inputs[i])) / np.std(inputs[i]))
        result.append(item)

    return np.array(result)


def get_sequence_lengths(inputs):
    """get sequence lengths (summary rewritten)."""
    result = []
    for input in inputs:
        result.append(len(input))

    return np.array(result, dtype=np.int64)


def make_sequences_same_length(sequences, sequences_lengths, default_value=0.0):
    """make sequences same length (summary rewritten)."""

    num_samples = len(sequences)

    max_length = np.max(sequences_lengths)

    sample_shape = tuple()
    for s in sequences:
        if len(s) > 0:
            sample_shape = np.asarray(s).shape[1:]
            break

    result = (np.ones((num_samples, max_length) + sample_shape) * default_value)

    for idx, sequence in enumerate(sequences):
        result[idx, :len(sequence)] = sequence

    return result
