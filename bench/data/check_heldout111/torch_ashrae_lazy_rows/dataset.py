from __future__ import print_function, division
import os
import torch
import pandas as pd
from skimage import io, transform
import numpy as np
import matplotlib.pyplot as plt
from torch.utils.data import Dataset, DataLoader
from torchvision import transforms, utils
import math
from datetime import datetime

readings_file = 'train.csv'
buildings_csv = 'building_metadata.csv'
weather = 'weather_train.csv'

class MeterReadings(Dataset):
	"""one meter reading joined with building and weather rows"""
	def __init__(self, readings_csv, meta_csv, weather_csv):

		self.readings = pd.read_csv(readings_csv, index_col = False)
		self.bmeta = pd.read_csv(meta_csv, index_col = False)
		self.weather = pd.read_csv(weather_csv, index_col = False)
		self.usage_codes = pd.read_csv('primary_usage_translations.csv',index_col = False)

	def __len__(self):
		return len(self.readings)

	def __getitem__(self, k):
		"""
		one feature vector for row k:

			reading columns (minus timestamp and target),
			building columns, weather columns at that site and hour,
			plus month, day and hour.

			label: the meter reading
		"""
		sample = self.readings.iloc[k]
		y_val = sample['meter_reading']
		bid = sample['building_id']
		stamp = sample['timestamp']
		sample = sample.values


		sample = sample[:-2]


		brow = self.bmeta.loc[bid]
		brow = brow.values
		site = brow[0]
		brow = brow[2:]
		use_name = brow[0]
		use_code = self.usage_codes.loc[self.usage_codes['primary_usage'] == use_name]
		use_code = use_code['index'].values.item()
		brow[0] = use_code
		sample = np.concatenate([sample, brow])


		wrow = self.weather.loc[(self.weather['site_id'] == site) & (self.weather['timestamp'] == stamp)]
		wrow = wrow.values
		if len(wrow) == 0:
			wrow = [-1,-1,-1,-1,-1,-1,-1,-1,-1]
		else:
			wrow = wrow[0]


		tm = stamp
		tm = datetime.strptime(tm, '%Y-%m-%d %H:%M:%S')
		dd = tm.day
		hh = tm.hour
		mm = tm.month
		wrow = np.delete(wrow,1)
		tm = np.array([mm,dd,hh])
		wrow = np.concatenate([wrow, tm])
		sample = np.concatenate([sample, wrow])

		sample = sample.astype(float)
		for step in range(len(sample)):

			if math.isnan(sample[step]):

				sample[step] = -1

		sample = torch.Tensor(sample)
		y_val = torch.Tensor(np.array([y_val]))

		return sample, y_val


	def item_of_building(self,k,which):
		all_bids = self.readings['building_id'].values
		positions = self.readings.index[self.readings['building_id'] == which].tolist()
		return self.__getitem__(positions[k])

	def building_sequence(self,which, rand_offset = False, max_len = -1):

		all_bids = self.readings['building_id'].values
		positions = self.readings.index[self.readings['building_id'] == which].tolist()
		n_seq = len(positions)

		first = 0
		if rand_offset:
			first = np.random.randint(0,n_seq)
		sample = []
		y_val = []
		stop_at = first + max_len
		for j in range(len(positions)):
			pos = j + first
			if pos == stop_at or pos >= len(positions):
				break
			cx, cy = self.__getitem__(positions[pos])
			sample.append([cx.numpy()])
			y_val.append([cy.numpy()])

		return torch.Tensor(np.array(sample)), torch.Tensor(np.array(y_val))







