#!/usr/bin/python3.7

import json
import numpy as np
from os import path
import pygame.image
from PIL import Image, ImageFilter

def read_training(format_size=(16, 16), dir_name="lane_images", label_file="labels.json", extrapolate=True, grayscale=False):
	"""
	Looks in dir_name for a labels.json that maps
	frame file names to drive commands, opens every frame it lists
	and shrinks it to format_size.

	With extrapolate on, every frame is also added mirrored:
		- a mirrored L frame becomes R and a mirrored R frame
		becomes L
		- mirrored F and B frames keep
		their command.
	"""
	labels_path = path.join(dir_name, label_file)
	with open(labels_path, 'r') as fh:
		cmd_table = json.load(fh)

	pixel_rows = []
	cmd_rows = []
	for frame_name, cmd in cmd_table.items():
		# open the frame
		frame_path = path.join(dir_name, frame_name)
		frame = Image.open(frame_path)
		# shrink it to what the net takes
		frame = frame.resize(format_size)
		if grayscale:
			frame = frame.convert("L")
		pixel_rows.append(list(frame.getdata()))
		cmd_rows.append(cmd)

		if extrapolate:
			flipped = frame.transpose(method=Image.FLIP_LEFT_RIGHT)
			pixel_rows.append(list(flipped.getdata()))
			if cmd == 'B' or cmd == 'F':
				cmd_rows.append(cmd)
			elif cmd == 'L':
				cmd_rows.append('R')
			elif cmd == 'R':
				cmd_rows.append('L')
			else:
				raise Exception("Unexpected command")

	return np.array(pixel_rows), np.array(cmd_rows)

def format_X(pixel_rows, format):
	n_chan = 1
	if len(pixel_rows.shape) == 3:
		n_chan = pixel_rows.shape[2]
	pixel_rows = pixel_rows.reshape(pixel_rows.shape[0], format[0], format[1], n_chan)
	return pixel_rows/255

def format_single_image(surface):
	raw = pygame.image.tostring(surface)
	frame = Image.fromstring(raw)
	#shrink to the size the net takes
	frame = frame.resize((64, 36))
	pixel_rows = np.array([list(frame.getdata())])
	pixel_rows = format_X(pixel_rows, [64, 36])
	return pixel_rows

def label_to_cat(cmd):
	if cmd == 'F':
		return [1, 0, 0, 0]
	if cmd == 'R':
		return [0, 1, 0, 0]
	if cmd == 'L':
		return [0, 0, 1, 0]
	if cmd == 'B':
		return [0, 0, 0, 1]
		
	raise Exception("Unexpected command")

def cat_to_label(scores):
	best = np.argmax(scores)

	if best == 0:
		return 'F'
	if best == 1:
		return 'R'
	if best == 2:
		return 'L'
	if best == 3:
		return 'B'

def format_Y(cmd_rows):
	"""
	Commands are letters; the net wants one-hot
	vectors instead.
	"""
	one_hot = []
	for cmd in cmd_rows:
		one_hot.append(label_to_cat(cmd))

	return np.array(one_hot)

def format_one_file(file_path, dimensions, show=False):
	frame = Image.open(file_path)
	if show:
		frame.show()
	frame = frame.resize(dimensions)
	pixel_rows = np.array([list(frame.getdata())])
	pixel_rows = format_X(pixel_rows, dimensions)
	return pixel_rows
