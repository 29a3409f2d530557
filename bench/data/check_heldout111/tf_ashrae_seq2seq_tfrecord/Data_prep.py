import numpy as np
import pandas as pd
from tqdm import tqdm
import tensorflow as tf
import os
from abc import ABCMeta, abstractmethod
from sklearn.preprocessing import OneHotEncoder as OHE



class RecordFeeder(metaclass=ABCMeta):
    def __init__(self, cfg):
        self.iterator = None
        self.cfg = cfg

    def inputs(self, split_name, bsz, n_ep=None):
        """Batched iterator over one split's tfrecord file.
        split_name: which file to read, train or valid
        bsz: rows per batch
        n_ep: unused
        """
        if split_name != "train" and split_name != "valid":
            raise ValueError("unknown split {}; expected "
                             "'train' or 'valid'".format(split_name))

        rec_path = self.cfg.tf_records_url + '/' +split_name + "_.tfrecord"

        with tf.name_scope("input"):




            ds = tf.data.TFRecordDataset(rec_path)




            ds = ds.map(self._parse)






            if split_name == "train":
                ds = ds.shuffle(2380*16)

            ds = ds.batch(bsz)
            ds = ds.prefetch(bsz)

            self.iterator = ds.make_initializable_iterator()
            return self.iterator.get_next()


    @abstractmethod
    def _parse(self, raw_rec):
        pass




class BuildingRecords(RecordFeeder):
    def __init__(self, cfg):
        self.cfg = cfg
        self.full_index = pd.date_range(cfg.TS_start_date,cfg.TS_end_date , freq=cfg.sampling_frequency)
        self.n_fit_written = 0
        self.n_val_written = 0
        self.n_fit_skipped = 0
        self.n_val_skipped = 0
        self.means = {}
        self.stds = {}
        self.ac_q = {}
        self.ac_h = {}
        self.spec = {'x_encoder': tf.FixedLenFeature([self.cfg.in_sequence_window, 25], dtype=tf.float32),
                         'x_decoder': tf.FixedLenFeature([self.cfg.out_sequence_window, 24], dtype=tf.float32),
                         'encoder_meter_reading': tf.FixedLenFeature([self.cfg.in_sequence_window], dtype=tf.float32),
                         'decoder_meter_reading': tf.FixedLenFeature([self.cfg.out_sequence_window], dtype=tf.float32),
                         'decoder_meter_reading_denorm': tf.FixedLenFeature([self.cfg.out_sequence_window], dtype=tf.float32),
                         'mean': tf.FixedLenFeature([1], dtype=tf.float32),
                         'std':tf.FixedLenFeature([1], dtype=tf.float32)}
        self.make_encoders()
        self.BuildingRecords()
        self.write_records('train', 'valid')
        super().__init__(cfg)


    def make_encoders(self):
        self.encoders = dict([('month_number' , OHE().fit(np.arange(1, 13).reshape(-1,1))),
                                   ('weekday_number' , OHE().fit(np.arange(7).reshape(-1,1))),
                                   ('meter' , OHE().fit(np.arange(4).reshape(-1,1)))])


    def BuildingRecords(self):
        print('reading csv files')
        raw_rows = pd.read_csv(self.cfg.train_url)
        bmeta = pd.read_csv(self.cfg.meta_url).loc[:,['building_id', 'primary_use']]
        ds = pd.merge(raw_rows, bmeta, left_on = 'building_id', right_on = 'building_id')
        ds['timestamp']= pd.to_datetime(ds['timestamp'])
        self.ds = ds.groupby(['building_id', 'meter'])
        self.keys = list(self.ds.groups.keys())


    def add_autocorr(self, frame, key):
        ac_q = frame['meter_reading'].autocorr(lag = int(3*30*(24/int(self.cfg.sampling_frequency[0]))))
        self.ac_q[key] = ac_q

        ac_h = frame['meter_reading'].autocorr(lag = int(6*30*(24/int(self.cfg.sampling_frequency[0]))))
        self.ac_h[key] = ac_h

        frame['three_months_lag_autocorr'] = ac_q * np.ones(shape = len(frame))
        frame['six_months_lag_autocorr'] = ac_h *np.ones(shape = len(frame))
        return frame.astype('float32')



    def expand_onehot(self, frame):
        for fname in self.encoders.keys():
            col_vals = frame[fname].values.reshape(-1, 1)
            onehot = self.encoders[fname].transform(col_vals).todense()[:,:-1]

            for step_no in range(onehot.shape[1]):
                new_col = fname+'_'+str(step_no)
                frame[new_col] = onehot[:,step_no]

        return frame.astype('float32')



    def pad_year(self, frame):
        pad = pd.DataFrame()
        pad['any'] = np.ones(shape = (self.cfg.building_total_len//int(self.cfg.sampling_frequency[0])))
        pad = pad.set_index(self.full_index)
        joined = pd.merge(pad, frame, how = 'left', left_index=True, right_index=True).drop('any',1).fillna(0)
        return joined.astype('float32')



    def scale_pad_split(self, frame, key):
        mu = np.mean(frame['meter_reading'][frame['month_number'] <= self.cfg.features_extractor_len])
        sigma = np.std(frame['meter_reading'][frame['month_number'] <= self.cfg.features_extractor_len])

        if (mu!= mu) or (sigma!= sigma):
            mu = np.mean(list(self.means.values()))
            sigma = np.mean(list(self.stds.values()))

        self.means[key] = mu
        self.stds[key] = sigma

        frame = self.pad_year(frame)

        frame['meter_reading_normalized'] = frame['meter_reading'].map(lambda x:self.zscore(x, mu, sigma))
        frame['three_months_lag'] = frame['three_months_lag'].map(lambda x:self.zscore(x, mu, sigma))
        frame['six_months_lag'] = frame['six_months_lag'].map(lambda x:self.zscore(x, mu, sigma))

        fit_part = frame.loc[:self.cfg.train_end_date,:].drop(['month_number', 'weekday_number'], 1)
        val_part = frame.loc[self.cfg.valid_start_date:,:].drop(['month_number', 'weekday_number'], 1)
        return fit_part, val_part



    def write_records(self, fit_tag, val_tag):
        print('writing tfrecords per building')

        if (os.path.exists(self.cfg.tf_records_url+'/'+'{}_.tfrecord'.format(fit_tag))) & \
            (os.path.exists(self.cfg.tf_records_url+'/'+'{}_.tfrecord'.format(val_tag))):
            self.cfg.train_kickoff = 'not_first_time'
            fit_tag, val_tag = '_','_'

        with tf.python_io.TFRecordWriter(self.cfg.tf_records_url+'/'+'{}_.tfrecord'.format(fit_tag)) as fit_w:

            with tf.python_io.TFRecordWriter(self.cfg.tf_records_url+'/'+'{}_.tfrecord'.format(val_tag)) as val_w:

                for key in tqdm(self.keys):

                    bframe = self.ds.get_group(key).set_index('timestamp')

                    bframe = bframe.resample(self.cfg.sampling_frequency).mean().fillna(method = 'ffill')

                    bframe = self.add_calendar(bframe)

                    bframe = self.expand_onehot(bframe)

                    bframe = self.add_lags(bframe)

                    bframe = self.add_autocorr(bframe, key)

                    bfit, bval = self.scale_pad_split(bframe, key)


                    if  self.cfg.train_kickoff == 'first_time':
                        self._emit(bfit, fit_w, fit_tag, key)
                        self._emit(bval, val_w, val_tag, key)




    def _emit(self, frame, w, split_name, key):

        reading_z = frame['meter_reading_normalized']

        reading_raw = frame['meter_reading']

        inputs_tbl = frame.drop(['building_id', 'meter_reading', 'meter'],1)

        mu = self.means[key]

        sigma = self.stds[key]



        for step_no in range((len(frame) - self.cfg.in_sequence_window)//self.cfg.out_sequence_window):

            lo = step_no * self.cfg.out_sequence_window
            mid = lo + self.cfg.in_sequence_window
            hi = mid + self.cfg.out_sequence_window


            if ((frame['meter_reading'].iloc[lo:mid] == 0).sum() < \
                                int(self.cfg.max_zeros_in_example * self.cfg.in_sequence_window)) \
                and (sigma>self.cfg.min_std):

                rec = tf.train.Example(features=tf.train.Features(feature={

                    'x_encoder': tf.train.Feature(
                        float_list=tf.train.FloatList(value = inputs_tbl.iloc[lo:mid,:].values.flatten())),

                    'x_decoder': tf.train.Feature(
                        float_list=tf.train.FloatList(value = inputs_tbl.drop(['meter_reading_normalized'],1) \
                                                      .iloc[mid:hi,:].values.flatten())),

                    'encoder_meter_reading': tf.train.Feature(
                        float_list=tf.train.FloatList(value = reading_z[lo:mid]\
                                                                                  .values.flatten())),

                    'decoder_meter_reading': tf.train.Feature(
                        float_list=tf.train.FloatList(value = reading_z[mid:hi]\
                                                                                  .values.flatten())),

                    'decoder_meter_reading_denorm': tf.train.Feature(
                        float_list=tf.train.FloatList(value = reading_raw[mid:hi]\
                                                                                  .values.flatten())),

                    'mean': tf.train.Feature(
                        float_list=tf.train.FloatList(value = [mu])),

                    'std': tf.train.Feature(
                        float_list=tf.train.FloatList(value = [sigma]))}))


                w.write(rec.SerializeToString())

                if split_name == 'train':
                    self.n_fit_written += 1

                elif split_name == 'valid':
                    self.n_val_written += 1


            else:

                if split_name == 'train':
                    self.n_fit_skipped+=1

                elif split_name == 'valid':
                    self.n_val_skipped+=1




    def _parse(self, raw_rec):
        rec = tf.parse_single_example(
            raw_rec,
            features=self.spec)

        enc_x = rec['x_encoder']
        dec_x = rec['x_decoder']
        enc_y = rec['encoder_meter_reading']
        dec_y = rec['decoder_meter_reading']
        dec_y_raw = rec['decoder_meter_reading_denorm']
        mu = rec['mean']
        sigma = rec['std']
        return enc_x, dec_x, enc_y, dec_y, dec_y_raw, mu, sigma



    @staticmethod
    def zscore(val, mu, sigma):
        return (val-mu)/(sigma + 1e-100)



    @staticmethod
    def add_lags(frame):
        frame['three_months_lag'] = frame['meter_reading'].shift(90*6).fillna(0)
        frame['six_months_lag'] = frame['meter_reading'].shift(90*6*2).fillna(0)
        return frame.astype('float32')


    @staticmethod
    def add_calendar(frame):
        frame['weekday_number'] = frame.index.weekday
        frame['month_number'] = frame.index.month
        return frame
