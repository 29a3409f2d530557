import io
import re
import os
import platform
import warnings
import zipfile

import numpy as np
import pandas as pd
import datatable as dt

import torch

class JaneFiles:

    def __init__(self):

        warnings.filterwarnings("ignore")

        # which OS are we on
        # paths are relative to the working folder
        self.platform_name= platform.system()

        if self.platform_name == 'Linux':
            self.user_root = 'C:\\Users\\'
            self.user_name = os.popen("echo %username%").read().replace('\n','')
        elif self.platform_name == 'Windows':
            self.user_root = 'C:\\Users\\'
            self.user_name = os.popen("echo %username%").read().replace('\n','')

        self.in_dir = os.path.join(os.path.abspath(os.path.dirname(os.path.abspath('__file__'))), 'input')
        self.raw_dir = os.path.join(self.in_dir, 'data')
        self.comp_dir = os.path.join(self.raw_dir,'competitions','jane-street-market-prediction')

        self.out_dir = os.path.join(os.path.abspath(os.path.dirname(os.path.abspath('__file__'))), 'output')
        self.weights_file = os.path.join(self.out_dir, "model")
        self.results_dir = os.path.join(self.out_dir, "result")

        # make sure the folders exist
        self.ensure_dirs()

    def ensure_dirs(self):
        self.ensure_dir(self.in_dir)
        self.ensure_dir(self.raw_dir)

        self.ensure_dir(self.out_dir)
        self.ensure_dir(self.weights_file)
        self.ensure_dir(self.results_dir)

        print("folders ready.")

    def ensure_dir(self, folder):
        if os.path.isdir(folder):
            return
        else:
            os.mkdir(folder)

    def fetch_competition(self):
        # kaggle CLI and credentials
        os.system('pip install kaggle')
        if os.path.isfile(os.path.join(self.in_dir, 'kaggle.json')):
            kaggle_dir = os.path.join(self.user_root, self.user_name, '.kaggle')
            token_file = os.path.join(self.in_dir, 'kaggle.json')
            if self.platform_name == "Windows":
                os.system(f'copy {token_file} {kaggle_dir}')
                os.system(f"kaggle config set -n path -v {self.raw_dir}")
            print("kaggle credentials copied")

            if os.path.isdir(os.path.join(self.raw_dir,'competitions')) == False:
                # pull the competition files
                os.system(f"kaggle competitions download -c jane-street-market-prediction")
                zip_path = os.path.join(self.comp_dir,'jane-street-market-prediction.zip')
                zf = zipfile.ZipFile(zip_path)
                zf.extractall(self.comp_dir)

                # competition API wheel (Linux)
                if self.platform_name == "Linux":
                    os.system(f"rpm -ivh {os.path.join(self.comp_dir,'janestreet','competition.cpython-37m-x86_64-linux-gnu.so')}")

        else:
            raise Exception("kaggle.json is missing; cannot download the data")

    def read_tables(self):

        if ~os.path.isdir(self.comp_dir):
            self.fetch_competition()

        train_csv = os.path.join(self.comp_dir, 'train.csv')
        feat_csv = os.path.join(self.comp_dir, 'features.csv')
        ex_test_csv = os.path.join(self.comp_dir, 'example_test.csv')
        ex_sub_csv = os.path.join(self.comp_dir, 'example_sample_submission.csv')

        dt_frame = dt.fread(train_csv)

        train_df = dt_frame.to_pandas()
        feat_df = pd.read_csv(feat_csv)
        ex_test_df = pd.read_csv(ex_test_csv)
        ex_sub_df = pd.read_csv(ex_sub_csv)

        return train_df, feat_df, ex_test_df, ex_sub_df

    def store_weights(self, state, weights_file):

        torch.save(state, weights_file)

    def restore_weights(self, model, arch_name):

        weight_files = os.listdir(self.weights_file)
        weight_paths = [ os.path.join(self.weights_file, wf) for wf in weight_files if arch_name in wf]

        models = []
        for wpath in weight_paths:
            model.load_state_dict(torch.load(wpath))
            models.append(model)

        return models