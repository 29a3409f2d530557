

import numpy as np
import sys, glob
import cv2
import os
import argparse

def readOne(fp):
	im = cv2.imread(fp, 1)
	im = np.float32(cv2.resize(im, (64, 64))) / 127.5 - 1
	im = np.rollaxis(im, 2, 0)
	return im


def readImages(fps):
	return [ readOne(f) for f in fps  ]

def sampleNoise(count):
	z = np.zeros((count, 100))
	for j in range(count):
		z[j, : ] = np.random.uniform(-1, 1, 100)
	return z


def writeSample(vec):
	vec = np.rollaxis(vec, 0, 3) 
	cv2.imwrite("../ckpt/sample.jpg", np.uint8(255 * 0.5 * (vec + 1.0)))
