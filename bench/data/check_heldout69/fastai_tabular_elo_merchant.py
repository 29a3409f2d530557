from fastai.tabular import *

from fastai import *
import datetime
path = Path('../input')

path.ls()
here = Path('')

here.ls()
tr = pd.read_csv(path/'train.csv')

te = pd.read_csv(path/'test.csv')

hist_tx = pd.read_csv(path/'historical_transactions.csv')

newm_tx = pd.read_csv(path/'new_merchant_transactions.csv')
te.head().T
# -

# -
for df in [hist_tx,newm_tx]:

    df['category_2'].fillna(1.0,inplace=True)

    df['category_3'].fillna('A',inplace=True)

    df['merchant_id'].fillna('M_ID_00a6ca8a8a',inplace=True)
def flat_names(name,agg_spec):

    return [name + '_' + k + '_' + agg for k in agg_spec.keys() for agg in agg_spec[k]]
# -

# -

# -
for df in [hist_tx,newm_tx]:

    df['purchase_date'] = pd.to_datetime(df['purchase_date'])

    df['year'] = df['purchase_date'].dt.year

    df['weekofyear'] = df['purchase_date'].dt.weekofyear

    df['month'] = df['purchase_date'].dt.month

    df['dayofweek'] = df['purchase_date'].dt.dayofweek

    df['weekend'] = (df.purchase_date.dt.weekday >=5).astype(int)

    df['hour'] = df['purchase_date'].dt.hour

    df['authorized_flag'] = df['authorized_flag'].map({'Y':1, 'N':0})

    df['category_1'] = df['category_1'].map({'Y':1, 'N':0})

    # -

    df['month_diff'] = ((datetime.datetime.today() - df['purchase_date']).dt.days)//30

    df['month_diff'] += df['month_lag']
agg_spec = {}

for col in ['month','hour','weekofyear','dayofweek','year','subsector_id','merchant_id','merchant_category_id']:

    agg_spec[col] = ['nunique']



agg_spec['purchase_amount'] = ['sum','max','min','mean','var']

agg_spec['installments'] = ['sum','max','min','mean','var']

agg_spec['purchase_date'] = ['max','min']

agg_spec['month_lag'] = ['max','min','mean','var']

agg_spec['month_diff'] = ['mean']

# -

agg_spec['weekend'] = ['sum', 'mean']

# -

agg_spec['card_id'] = ['size']



for col in ['category_2','category_3']:

    hist_tx[col+'_mean'] = hist_tx.groupby([col])['purchase_amount'].transform('mean')

    agg_spec[col+'_mean'] = ['mean']    



agg_cols = flat_names('hist',agg_spec)

card_agg = hist_tx.groupby('card_id').agg(agg_spec)

card_agg.columns = agg_cols

card_agg.reset_index(drop=False,inplace=True)

card_agg['hist_purchase_date_diff'] = (card_agg['hist_purchase_date_max'] - card_agg['hist_purchase_date_min']).dt.days

card_agg['hist_purchase_date_average'] = card_agg['hist_purchase_date_diff']/card_agg['hist_card_id_size']

card_agg['hist_purchase_date_uptonow'] = (datetime.datetime.today() - card_agg['hist_purchase_date_max']).dt.days

tr = tr.merge(card_agg,on='card_id',how='left')

te = te.merge(card_agg,on='card_id',how='left')

del card_agg;gc.collect()
agg_spec = {}

for col in ['month','hour','weekofyear','dayofweek','year','subsector_id','merchant_id','merchant_category_id']:

    agg_spec[col] = ['nunique']

agg_spec['purchase_amount'] = ['sum','max','min','mean','var']

agg_spec['installments'] = ['sum','max','min','mean','var']

agg_spec['purchase_date'] = ['max','min']

agg_spec['month_lag'] = ['max','min','mean','var']

agg_spec['month_diff'] = ['mean']

agg_spec['weekend'] = ['sum', 'mean']

agg_spec['category_1'] = ['sum', 'mean']

agg_spec['card_id'] = ['size']



for col in ['category_2','category_3']:

    newm_tx[col+'_mean'] = newm_tx.groupby([col])['purchase_amount'].transform('mean')

    agg_spec[col+'_mean'] = ['mean']

    

agg_cols = flat_names('new_hist',agg_spec)

card_agg = newm_tx.groupby('card_id').agg(agg_spec)

card_agg.columns = agg_cols

card_agg.reset_index(drop=False,inplace=True)

card_agg['new_hist_purchase_date_diff'] = (card_agg['new_hist_purchase_date_max'] - card_agg['new_hist_purchase_date_min']).dt.days

card_agg['new_hist_purchase_date_average'] = card_agg['new_hist_purchase_date_diff']/card_agg['new_hist_card_id_size']

card_agg['new_hist_purchase_date_uptonow'] = (datetime.datetime.today() - card_agg['new_hist_purchase_date_max']).dt.days

tr = tr.merge(card_agg,on='card_id',how='left')

te = te.merge(card_agg,on='card_id',how='left')

del card_agg;gc.collect()
del hist_tx;gc.collect()

del newm_tx;gc.collect()
tr.head(5)
tr['outliers'] = 0

tr.loc[tr['target'] < -30, 'outliers'] = 1

tr['outliers'].value_counts()
for df in [tr,te]:

    df['first_active_month'] = pd.to_datetime(df['first_active_month'])  # -

    df['dayofweek'] = df['first_active_month'].dt.dayofweek

    df['weekofyear'] = df['first_active_month'].dt.weekofyear

    df['month'] = df['first_active_month'].dt.month

    df['elapsed_time'] = (datetime.datetime.today() - df['first_active_month']).dt.days

    df['hist_first_buy'] = (df['hist_purchase_date_min'] - df['first_active_month']).dt.days

    df['new_hist_first_buy'] = (df['new_hist_purchase_date_min'] - df['first_active_month']).dt.days

    for f in ['hist_purchase_date_max','hist_purchase_date_min','new_hist_purchase_date_max',\

                     'new_hist_purchase_date_min']:

        df[f] = df[f].astype(np.int64) * 1e-9

    df['card_id_total'] = df['new_hist_card_id_size']+df['hist_card_id_size']

    df['purchase_amount_total'] = df['new_hist_purchase_amount_sum']+df['hist_purchase_amount_sum']



for f in ['feature_1','feature_2','feature_3']:

    rate_by_level = tr.groupby([f])['outliers'].mean()

    tr[f] = tr[f].map(rate_by_level)

    te[f] = te[f].map(rate_by_level)
feat_cols = [c for c in tr.columns if c not in ['card_id', 'first_active_month','target','outliers']]

target = tr['target']

# -
# -

del tr['first_active_month']
tr.head()
# -

tr.to_csv('prepared_train.csv')

te.to_csv('prepared_test.csv')
# -

tr = pd.read_csv('prepared_train.csv', index_col=0, header=0)

te = pd.read_csv('prepared_test.csv', index_col=0, header=0)
tr.head()
# -
cats = ['card_id', 'feature_1', 'feature_2', 'feature_3', 'hist_month_nunique', 'hist_hour_nunique', 'hist_weekofyear_nunique', 

             'hist_dayofweek_nunique', 'hist_year_nunique', 'hist_subsector_id_nunique', 'hist_merchant_id_nunique', 'hist_merchant_category_id_nunique',

             'hist_category_2_mean_mean', 'hist_category_3_mean_mean', 'hist_purchase_date_uptonow', 'new_hist_month_nunique', 'new_hist_hour_nunique', 

             'new_hist_weekofyear_nunique', 'new_hist_dayofweek_nunique', 'new_hist_year_nunique', 'new_hist_subsector_id_nunique', 'new_hist_merchant_id_nunique',

             'new_hist_merchant_category_id_nunique', 'dayofweek', 'weekofyear', 'month' # (outlier flag left out)

            ]

conts = ['hist_purchase_amount_sum', 'hist_purchase_amount_max', 'hist_purchase_amount_min', 'hist_purchase_amount_mean', 

              'hist_purchase_amount_var', 'hist_installments_sum', 'hist_installments_max', 'hist_installments_min', 'hist_installments_mean',

              'hist_installments_var', 'hist_purchase_date_max', 'hist_purchase_date_min', 'hist_month_lag_max', 'hist_month_lag_min', 'hist_month_lag_mean', 

              'hist_month_lag_var', 'hist_month_diff_mean', 'hist_weekend_sum', 'hist_weekend_mean', 'hist_card_id_size', 'hist_purchase_date_diff', 

              'hist_purchase_date_average', 'new_hist_purchase_amount_sum', 'new_hist_purchase_amount_max', 'new_hist_purchase_amount_min', 

              'new_hist_purchase_amount_mean', 'new_hist_purchase_amount_var', 'new_hist_installments_sum', 'new_hist_installments_max', 'new_hist_installments_min',

              'new_hist_installments_mean', 'new_hist_installments_var', 'new_hist_purchase_date_max', 'new_hist_month_lag_max', 'new_hist_month_lag_min', 

              'new_hist_month_lag_mean', 'new_hist_month_lag_var', 'new_hist_month_diff_mean', 'new_hist_weekend_sum', 'new_hist_weekend_mean', 

              'new_hist_category_1_sum', 'new_hist_category_1_mean', 'new_hist_card_id_size', 'new_hist_category_2_mean_mean', 'new_hist_category_3_mean_mean',

              'new_hist_purchase_date_diff', 'new_hist_purchase_date_average', 'new_hist_purchase_date_uptonow', 'elapsed_time', 'hist_first_buy', 'new_hist_first_buy',

              'card_id_total', 'purchase_amount_total', 'new_hist_purchase_date_min'

             ]
for cat in tr.columns:

    if cat not in cats and cat not in conts:

        print(cat)

        

for cat in cats:

    if cat not in tr.columns:

        print(cat)

        

for cat in conts:

    if cat not in tr.columns:

        print(cat)
len(tr)
target_col = 'target'

tab_procs = [FillMissing, Categorify, Normalize]
te[conts] = te[conts].fillna(te[conts].median(axis=0))

del tr['outliers']
te_list = TabularList.from_df(te, path=".", cat_names=cats, cont_names=conts, procs=tab_procs)
bunch = (TabularList.from_df(tr, path=".", cat_names=cats, cont_names=conts, procs=tab_procs)

                           .random_split_by_pct(0.20)

                           .label_from_df(cols=target_col)

                           .add_test(te_list)

                           .databunch(bs=4096))
bunch.show_batch(rows=10)
# -
yr = [tr['target'].min()*1.3, tr['target'].max()*1.3]

yr
tab_learner = tabular_learner(bunch, layers=[1000,500], metrics=rmse, callback_fns=[callbacks.SaveModelCallback],

                        wd=1, emb_drop=0.1, ps=[5e-3, 5e-2], y_range=yr)
# -

tab_learner.lr_find()
tab_learner.recorder.plot()
# -

tab_learner.fit_one_cycle(20,5e-2)
# -

first_pred,_t1 = tab_learner.get_preds(DatasetType.Test)
# -

# -

# -
tab_learner.fit_one_cycle(10,1e-3)
rmse(*tab_learner.get_preds())
tab_learner.fit_one_cycle(15,1e-4)
rmse(*tab_learner.get_preds())
tab_learner.fit_one_cycle(15,1e-5)
tab_learner.fit_one_cycle(20,5e-7)
rmse(*tab_learner.get_preds())
tab_learner.recorder.plot_losses()
# -

sample_sub = pd.read_csv(path/'sample_submission.csv')

sample_sub.head()
# -

preds,tgt = tab_learner.get_preds(DatasetType.Test)
preds.median(), preds.mean(), preds.max(), preds.min()
te_ids = pd.read_csv(path/'test.csv')
sub_a = pd.DataFrame({'card_id': te_ids['card_id'], 'target': preds.squeeze()})

sub_a.head()
sub_b = pd.DataFrame({'card_id': te_ids['card_id'], 'target': first_pred.squeeze()})

sub_b.head()
# -
run_no = 1

# -

# -
sub_a.to_csv(f'pred_{run_no}.csv', index=False)

sub_b.to_csv(f'sub_b.csv', index=False)  # -
# -

c = pd.read_csv(f'pred_{run_no}.csv')

c.head()
# -

# -
# -
# -
s1 = pd.read_csv('pred_1.csv')

s2 = pd.read_csv('sub_b.csv')

# -

# -

# -
blend = pd.concat([s1,s2['target']],axis=1)  # more runs could join here

blend.head()
blend.describe().T
blend.describe().T.describe()
blend_mean = blend.mean(axis=1)

blend_mean.head()
sub_mean = pd.DataFrame({'card_id': te_ids['card_id'], 'target': blend_mean})

sub_mean.to_csv(f'sub_mean.csv', index=False)