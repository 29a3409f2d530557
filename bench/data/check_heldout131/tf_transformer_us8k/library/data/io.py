import numpy as np
import pandas as pd
import scipy as sp
import base64




from .pipeline import minmax_row


def read_wav_row(fpath, chatty=True):
	"""Read one wav into a Series of rate and samples.

	"""
	try:
		sr, tbl = sp.io.wavfile.read(fpath)
		return pd.Series({'rate': sr, 'data': tbl})
	except ValueError as err:
		if chatty:
			print(f'unreadable file \"{fpath}\" (dropped)')
			print(err)
		return pd.Series({'rate': None, 'data': None})


def load_us8k_frame(
		root,
		as_dtype='float64',
		frac=None,
		chatty=False
	):
	"""Decode every UrbanSound8K clip into a DataFrame (bad files dropped, cast to one dtype, optional shuffled subset).






	"""
	

	meta = pd.read_csv(f'{root}/metadata/UrbanSound8K.csv')
	meta['path'] = meta.apply(lambda r : f'{root}/audio/fold{r["fold"]}/{r["slice_file_name"]}', axis=1)
	

	if frac is not None:
		meta = meta.sample(frac=frac)

	

	idx_to_name = {k:v for k,v in sorted({int(k):v for k,v in zip(meta['classID'].unique(), meta['class'].unique())}.items())}
	

	tbl = pd.DataFrame()
	tbl['fold'] = meta['fold']
	tbl['class'] = meta['classID']
	tbl[['rate', 'data']] = meta['path'].apply(read_wav_row, args=(chatty,))
	

	tbl = tbl.dropna()
	tbl['data'] = tbl['data'].apply(lambda x : x.astype(as_dtype))
	
	return meta, idx_to_name, tbl


def load_audioset_frame(
		root,
		as_dtype='float64',
		frac=None,
		chatty=False
	):
	"""Same as above for the Kaggle AudioSet dump.






	"""
	

	meta = pd.read_csv(f'{root}/train.csv')
	meta['path'] = meta.apply(lambda r : f'{root}/train_wav/{r["YTID"]}.wav', axis=1)
	

	if frac is not None:
		meta = meta.sample(frac=frac)

	

	cls_meta = pd.read_csv(f'{root}/class_labels_indices.csv')
	mid_to_idx = dict(zip(cls_meta['mid'], cls_meta['index']))
	idx_to_name = dict(zip(cls_meta['index'], cls_meta['display_name']))
	

	tbl = pd.DataFrame()
	tbl[['rate', 'data']] = meta['path'].apply(read_wav_row, args=(chatty,))
	tbl['class'] = meta['positive_labels'].apply(lambda x : [mid_to_idx[mid] for mid in x.split(',')])
	

	tbl = tbl.dropna()
	tbl['data'] = tbl['data'].apply(lambda x : x.astype(as_dtype))
	
	return meta, idx_to_name, tbl


def write_b64_cache(
		tbl,
		idx_to_name=None,
		store_dtype='float32',
		store_dir='.',
		store_name='unnamed_cache'
	):
	"""Store the table as CSV with base64-encoded sample buffers.

	"""
	

	store_path = f'{store_dir}/{store_name}_{store_dtype}.csv'
	
	try:

		if idx_to_name is not None:
			names_tbl = pd.DataFrame.from_dict(idx_to_name, orient='index')
			names_tbl.to_csv(store_path.replace('.csv', '_classes.csv'), header=['name'], index_label='id')
		

		tbl['data'] = tbl['data'].apply(lambda x : base64.b64encode(x.astype(store_dtype).tobytes()).decode('utf-8'))
		tbl.to_csv(store_path, index=False)
		
		return store_path
	
	except Exception as err:
		print('cache write failed')
		raise


def read_b64_cache(fpath, store_dtype='INFER', do_scale=True, scale_kw={}):
	"""Read a base64 CSV cache back into memory (dtype taken from the file name unless given).



	"""
	
	try:

		if store_dtype == 'INFER':
			store_dtype = fpath.replace('.csv','').split('_')[-1]
		

		tbl = pd.read_csv(fpath)
		tbl['data'] = tbl['data'].apply(lambda x : np.frombuffer(base64.b64decode(x), dtype=store_dtype))
		

		if do_scale:
			tbl = tbl.apply(minmax_row, **scale_kw, axis=1)
		
		return tbl
	
	except Exception as err:
		print('unreadable file cache:')
		raise







	

	







