import numpy as np
import pandas as pd
import scipy as sp
import tensorflow as tf
import math





def to_mono_row(r):
	"""Average channels into one.

	"""
	

	tbl = r['data']
	

	out_row = r.copy()
	out_row['data'] = np.mean(tbl, axis=1) if (len(tbl.shape) > 1) else tbl
	
	return out_row


def minmax_row(r, hi=+1., lo=-1., tiny=1e-9):
	"""Scale one clip linearly into [low, high].

	"""
	

	tbl = r['data']
	

	out_row = r.copy()
	out_row['data'] = lo+(hi-lo) * (tbl-np.min(tbl)) / (np.max(tbl)-np.min(tbl)+tiny)
	
	return out_row


def resample_row(r, sr_new=24_000):
	"""Fourier resampling of one clip to target_rate.

	"""
	

	sr = r['rate']
	tbl = r['data']
	

	out_row = r.copy()
	if int(sr_new) != int(sr):
		out_row['rate'] = sr_new
		out_row['data'] = sp.signal.resample(tbl, round(len(tbl) * (float(sr_new) / sr)))
	
	return out_row


def pad_then_tokenize_row(r, n_samples=96256, n_tokens=512):
	"""Pad or cut a clip to n_samples and cut it into n_tokens equal tokens.




	"""
	assert (n_samples % n_tokens) == 0
	

	tbl = r['data']
	

	out_row = r.copy()
	out_row['data'] = np.array(np.split(np.pad(tbl, (0, n_samples - len(tbl))) if len(tbl) < n_samples else tbl[:n_samples], n_tokens))
	
	return out_row


def widen_row(r, n_samples=96256):
	"""Pad a clip up to a multiple of n_samples and cut it into slices of that size.

	"""
	

	tbl = r['data']
	padded_len = math.ceil(tbl.shape[0] / n_samples) * n_samples
	slice_count = padded_len//n_samples
	

	out_row = pad_then_tokenize_row(r, n_samples=padded_len, n_tokens=slice_count)
	
	return out_row


def prepend_cls_row(r):
	"""Overwrite token 0 with an alternating +/-1 class token.

	"""
	

	tbl = r['data']
	

	out_row = r.copy()
	out_row['data'] = np.concatenate((np.array([[np.sign((i % 2) - 0.5) for i in range(tbl.shape[1])]]), tbl[1:, :]))
	
	return out_row







	



	



def explode_rows(tbl):
	"""One output row per slice of every input row.

	"""
	

	row_dicts = []
	for _, r in tbl.iterrows():
		for seq in r['data']:
			out_row = r.copy().to_dict()
			out_row['data'] = seq
			row_dicts.append(out_row)
	

	tbl = pd.DataFrame(row_dicts)
	
	return tbl


def apply_row_steps(
		tbl,
		steps,
		step_kwargs=[],
		hooks=[],
		chatty=True
	):
	"""Run each row step in turn over the table, dropping rows that fail, calling hooks after each step.












	"""
	

	if step_kwargs is []:
		step_kwargs = [{} for _ in range(len(steps))]
	else:
		assert len(steps)==len(step_kwargs), "need one kwargs dict per step"
	

	for i, (step, kw) in enumerate(zip(steps, step_kwargs)):
		


		def guarded(r):
			try:
				return step(r, **kw)
			except Exception as err:
				if chatty:
					print(f'step failed {i+1} {step}, row dropped')
					print(f'   arg {type(r)}: {r}')
					print(f'   exc {err}')
				blank = r.copy()
				blank[:] = np.nan
				return blank
		

		tbl = tbl.apply(guarded, axis=1).dropna()
		

		for hook in hooks:
			hook(i, tbl)
	
	return tbl


def split_arrays(
		tbl,
		test_idx=1,
		test_ratio=0.25,
		val_ratio=0.1,
		chatty=True
	):
	"""Fold-based test split plus a tail validation split, returned as numpy arrays.







	"""
	

	if 'fold' not in tbl.keys():
		fold_count = int(1/test_ratio)

		tbl['fold'] = np.tile(range(1, fold_count+1), len(tbl)//fold_count+1)[:len(tbl)]
	

	mask_tr = (tbl['fold'] != test_idx)
	test_idx = (tbl['fold'] == test_idx)
	x_tr = np.array(list(tbl[mask_tr]['data']))
	y_tr = np.array(list(tbl[mask_tr]['class']))[:, np.newaxis]
	x_va = x_tr[int(len(x_tr)*(1-val_ratio)):]
	y_va = y_tr[int(len(y_tr)*(1-val_ratio)):]
	x_tr = x_tr[:int(len(x_tr)*(1-val_ratio))]
	y_tr = y_tr[:int(len(y_tr)*(1-val_ratio))]
	x_te = np.array(list(tbl[test_idx]['data']))
	y_te = np.array(list(tbl[test_idx]['class']))[:, np.newaxis]
	

	if chatty: 
		print(x_tr.shape, y_tr.shape, 'train')
		print(x_va.shape, y_va.shape, 'val')
		print(x_te.shape, y_te.shape, 'test')
	
	return (x_tr, y_tr), (x_va, y_va), (x_te, y_te)


def endless_batches(xs, ys, bs, permute=True, tag=None):
	"""Endless (optionally shuffled) batches from two arrays.



	"""
	assert (len(xs)==len(ys))
	n_samples = len(xs)
	while True:
		order = np.random.permutation(n_samples) if permute else range(n_samples)
		for b_i, lo_i in enumerate(range(0, n_samples, bs)):
			if tag is not None:
				print(f'\n{tag} {b_i}')
			take = order[lo_i:lo_i+bs]
			xb = xs[take]
			yb = ys[take]
			yield xb, yb


def spec_for(xs, ys):
	"""TensorSpecs matching the two arrays.



	"""
	specs = (
		tf.TensorSpec(shape=(None, *xs.shape[1:]), dtype=xs.dtype),
		tf.TensorSpec(shape=(None, *ys.shape[1:]), dtype=ys.dtype)
	)
	return specs



def mixed_noise_batches(xs, ys, bs, permute=True, tag=None, mix_max=0.5):
	"""Batches where each clip is blended with another random clip.

	"""
	

	assert (len(xs)==len(ys))
	n_samples = len(xs)
	

	while True:
		

		order = np.random.permutation(n_samples) if permute else range(n_samples)
		order2 = np.random.permutation(n_samples)
		

		for b_i, lo_i in enumerate(range(0, n_samples, bs)):
			

			if tag is not None:
				print(f'\n{tag} {b_i}')
			

			take = order[lo_i:lo_i+bs]
			take2 = order2[lo_i:lo_i+bs]
			mix_ratio = np.random.uniform(0, mix_max, len(take))[:, np.newaxis, np.newaxis]
			

			xb = (1-mix_ratio) * xs[take] + mix_ratio * xs[take2]
			yb = ys[take]
			
			yield xb, yb
