import sys, re, math, time
import numpy as np
import matplotlib.pyplot as plt
import json
import pickle
import collections
from collections import OrderedDict
from matplotlib.pyplot import cm
# ----


# ----
# ----
# ----
# ----
# ----

# ----
# ----
# ----
# ----
# ----
# ----
# ----
# ----

PROT_VOCAB = { "A": 1, "C": 2, "B": 3, "E": 4, "D": 5, "G": 6,
				"F": 7, "I": 8, "H": 9, "K": 10, "M": 11, "L": 12, 
				"O": 13, "N": 14, "Q": 15, "P": 16, "S": 17, "R": 18, 
				"U": 19, "T": 20, "W": 21, 
				"V": 22, "Y": 23, "X": 24, 
				"Z": 25 }

PROT_VOCAB_N = 25

CAN_SMI_VOCAB = { "#": 1, "%": 2, ")": 3, "(": 4, "+": 5, "-": 6,
			 ".": 7, "1": 8, "0": 9, "3": 10, "2": 11, "5": 12, 
			 "4": 13, "7": 14, "6": 15, "9": 16, "8": 17, "=": 18, 
			 "A": 19, "C": 20, "B": 21, "E": 22, "D": 23, "G": 24,
			 "F": 25, "I": 26, "H": 27, "K": 28, "M": 29, "L": 30, 
			 "O": 31, "N": 32, "P": 33, "S": 34, "R": 35, "U": 36, 
			 "T": 37, "W": 38, "V": 39, "Y": 40, "[": 41, "Z": 42, 
			 "]": 43, "_": 44, "a": 45, "c": 46, "b": 47, "e": 48, 
			 "d": 49, "g": 50, "f": 51, "i": 52, "h": 53, "m": 54, 
			 "l": 55, "o": 56, "n": 57, "s": 58, "r": 59, "u": 60,
			 "t": 61, "y": 62}

CAN_SMI_VOCAB_N = 62

ISO_SMI_VOCAB = {"#": 29, "%": 30, ")": 31, "(": 1, "+": 32, "-": 33, "/": 34, ".": 2,
				"1": 35, "0": 3, "3": 36, "2": 4, "5": 37, "4": 5, "7": 38, "6": 6, 
				"9": 39, "8": 7, "=": 40, "A": 41, "@": 8, "C": 42, "B": 9, "E": 43, 
				"D": 10, "G": 44, "F": 11, "I": 45, "H": 12, "K": 46, "M": 47, "L": 13, 
				"O": 48, "N": 14, "P": 15, "S": 49, "R": 16, "U": 50, "T": 17, "W": 51, 
				"V": 18, "Y": 52, "[": 53, "Z": 19, "]": 54, "\\": 20, "a": 55, "c": 56, 
				"b": 21, "e": 57, "d": 22, "g": 58, "f": 23, "i": 59, "h": 24, "m": 60, 
				"l": 25, "o": 61, "n": 26, "s": 62, "r": 27, "u": 63, "t": 28, "y": 64}

ISO_SMI_VOCAB_N = 64


# ----
# ----
# ----
# ----
# ----

# ----

def one_hot_smiles(text, max_len, vocab):
	enc = np.zeros((max_len, len(vocab)))

	for i, c in enumerate(text[:max_len]):
		enc[i, (vocab[c]-1)] = 1

	return enc

def one_hot_sequence(text, max_len, vocab):
	enc = np.zeros((max_len, len(vocab)))
	for i, c in enumerate(text[:max_len]):
		enc[i, (vocab[c])-1] = 1

	return enc


def label_smiles(text, max_len, vocab):
	enc = np.zeros(max_len)
	for i, c in enumerate(text[:max_len]):
		enc[i] = vocab[c]

	return enc

def label_sequence(text, max_len, vocab):
	enc = np.zeros(max_len)

	for i, c in enumerate(text[:max_len]):
		enc[i] = vocab[c]

	return enc



# ----
# ----
# ----
# ----
# ----
# ----
class DataSet(object):
  def __init__(self, root, setting_no, seqlen, smilen, need_shuffle = False):
    self.SEQLEN = seqlen
    self.SMILEN = smilen
    # ----
    self.charseqset = PROT_VOCAB
    self.charseqset_size = PROT_VOCAB_N

    self.charsmiset = ISO_SMI_VOCAB
    self.charsmiset_size = ISO_SMI_VOCAB_N
    self.PROBLEMSET = setting_no

    # ----
    # ----

    # ----
    # ----


  def read_sets(self, opts):
    root = opts.dataset_path
    setting_no = opts.problem_type
    print("loading folds from %s" % root)

    holdout = json.load(open(root + "folds/test_fold_setting" + str(setting_no)+".txt"))
    cv_folds = json.load(open(root + "folds/train_fold_setting" + str(setting_no)+".txt"))
    
    return holdout, cv_folds

  def parse_data(self, opts,  with_label=True):
    root = opts.dataset_path
    print("loading data from %s" % root)

    ligand_map = json.load(open(root+"ligands_can.txt"), object_pairs_hook=OrderedDict)
    protein_map = json.load(open(root+"proteins.txt"), object_pairs_hook=OrderedDict)

    Y = pickle.load(open(root + "Y","rb"), encoding='latin1')
    if opts.is_log:
        Y = -(np.log10(Y/(math.pow(10,9))))

    drug_list = []
    prot_list = []

    if with_label:
        for dk in ligand_map.keys():
            drug_list.append(label_smiles(ligand_map[dk], self.SMILEN, self.charsmiset))

        for tk in protein_map.keys():
            prot_list.append(label_sequence(protein_map[tk], self.SEQLEN, self.charseqset))
    else:
        for dk in ligand_map.keys():
            drug_list.append(one_hot_smiles(ligand_map[dk], self.SMILEN, self.charsmiset))

        for tk in protein_map.keys():
            prot_list.append(one_hot_sequence(protein_map[tk], self.SEQLEN, self.charseqset))
  
    return drug_list, prot_list, Y




