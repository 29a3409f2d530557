# -*- coding: utf-8 -*-
"""
Reads the rendered robot frames and their json box labels

(one json per frame, same order as the pictures folder)
"""
import os
import json
import numpy as np
import cv2
from sklearn.model_selection import train_test_split
import matplotlib.pyplot as plt
import matplotlib.patches as patches
from PIL import Image

class RobotFrames():
    def __init__(self, img_dir = os.path.dirname(os.path.abspath(__file__)) + '\\pictures', lbl_dir = os.path.dirname(os.path.abspath(__file__)) + '\\labels', cols= 640, rows = 480):
        self.img_dir = img_dir
        self.lbl_dir = lbl_dir
        self.cols = cols
        self.rows = rows
        self.here = os.path.dirname(os.path.abspath(__file__))

    def read_pictures(self):
       if not os.path.isdir(self.img_dir):
           print(self.img_dir + ' is not a folder')
           return
       picture_names = os.listdir(self.img_dir)
       pictures = []

       for fname in picture_names:
           frame = cv2.imread(self.img_dir + '/' + fname)
           pictures.append( np.asarray( frame ) / 255 )
       return pictures

    def read_json_labels(self):
       if not os.path.isdir(self.lbl_dir):
           print(self.lbl_dir + ' is not a folder')
           return
       records = []
       label_names = os.listdir(self.lbl_dir)
       for jname in label_names:
           fh = open(self.lbl_dir + '\\' + jname)
           records.append(json.loads(fh.read()))
       return records

    def boxes_2d(self, relative = True):
        records = self.read_json_labels()
        box_rows = []
        for rec in records:
            corners = [0.0]*5
            if relative:
                corners[0] = rec['2dBoundingBox'][0]
                corners[1] = rec['2dBoundingBox'][1]
                corners[2] = rec['2dBoundingBox'][2]
                corners[3] = rec['2dBoundingBox'][3]
                corners[4] = int(1)
            else:
                corners[0] = int(rec['2dBoundingBox'][0]*self.rows)
                corners[1] = int(rec['2dBoundingBox'][1]*self.cols)
                corners[2] = int(rec['2dBoundingBox'][2]*self.rows)
                corners[3] = int(rec['2dBoundingBox'][3]*self.cols)
            box_rows.append(corners)

        return np.array(box_rows)


    def read_split_2d(self, test_frac=0.5, dump = False, relative = True):
        tr_x , te_x ,tr_y, te_y = train_test_split(self.read_pictures() , self.boxes_2d(relative) , test_size = test_frac)
        if dump:
            np.save( os.path.join( self.here , 'train_x.npy' ) , tr_x )
            np.save( os.path.join( self.here , 'train_y.npy' )  , tr_y )
            np.save( os.path.join( self.here , 'test_x.npy' ) , te_x )
            np.save( os.path.join( self.here , 'test_y.npy' ) , te_y )
        return np.array(tr_x) , np.array(te_x) , np.array(tr_y), np.array(te_y)

    def boxes_3d(self, relative = True):
        records = self.read_json_labels()
        box_rows = []

        for rec in records:
            corners = [0.0]*17
            if relative:
                corners[0] = rec['3dBoundingBox'][0]
                corners[1] = rec['3dBoundingBox'][1]
                corners[2] = rec['3dBoundingBox'][2]
                corners[3] = rec['3dBoundingBox'][3]
                corners[4] = rec['3dBoundingBox'][4]
                corners[5] = rec['3dBoundingBox'][5]
                corners[6] = rec['3dBoundingBox'][6]
                corners[7] = rec['3dBoundingBox'][7]
                corners[8] = rec['3dBoundingBox'][8]
                corners[9] = rec['3dBoundingBox'][9]
                corners[10] = rec['3dBoundingBox'][10]
                corners[11] = rec['3dBoundingBox'][11]
                corners[12] = rec['3dBoundingBox'][12]
                corners[13] = rec['3dBoundingBox'][13]
                corners[14] = rec['3dBoundingBox'][14]
                corners[15] = rec['3dBoundingBox'][15]
            else:
                corners[0] = int(rec['3dBoundingBox'][0]*self.cols)
                corners[1] = int(rec['3dBoundingBox'][1]*self.rows)
                corners[2] = int(rec['3dBoundingBox'][2]*self.cols)
                corners[3] = int(rec['3dBoundingBox'][3]*self.rows)
                corners[4] = int(rec['3dBoundingBox'][4]*self.cols)
                corners[5] = int(rec['3dBoundingBox'][5]*self.rows)
                corners[6] = int(rec['3dBoundingBox'][6]*self.cols)
                corners[7] = int(rec['3dBoundingBox'][7]*self.rows)
                corners[8] = int(rec['3dBoundingBox'][8]*self.cols)
                corners[9] = int(rec['3dBoundingBox'][9]*self.rows)
                corners[10] = int(rec['3dBoundingBox'][10]*self.cols)
                corners[11] = int(rec['3dBoundingBox'][11]*self.rows)
                corners[12] = int(rec['3dBoundingBox'][12]*self.cols)
                corners[13] = int(rec['3dBoundingBox'][13]*self.rows)
                corners[14] = int(rec['3dBoundingBox'][14]*self.cols)
                corners[15] = int(rec['3dBoundingBox'][15]*self.rows)
            corners[16] = int(1)
            box_rows.append(corners)
        return np.array(box_rows)

    def read_split_3d(self, test_frac=0.5, dump = False, relative = True):

        tr_x , te_x ,tr_y, te_y = train_test_split(self.read_pictures() , self.boxes_3d(relative) , test_size = test_frac)
        if dump:
            np.save( os.path.join( self.here , 'train_x.npy' ) , tr_x )
            np.save( os.path.join( self.here , 'train_y.npy' )  , tr_y )
            np.save( os.path.join( self.here , 'test_x.npy' ) , te_x )
            np.save( os.path.join( self.here , 'test_y.npy' ) , te_y )
        return np.array(tr_x) , np.array(te_x) , np.array(tr_y), np.array(te_y)


_reader = RobotFrames()
