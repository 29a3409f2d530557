


ckpt_prefix='grpemb'

batch_sz=128
base_lr=0.001
sched_every = 3

ckpt_every=50

n_epochs_total=1000

from tensorboardX import SummaryWriter
tb = SummaryWriter()


import numpy as np
import pandas as pd



import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.preprocessing import Imputer
from sklearn.preprocessing import PolynomialFeatures
from sklearn.preprocessing import StandardScaler
from sklearn.feature_selection import VarianceThreshold
from sklearn.feature_selection import SelectFromModel
from sklearn.utils import shuffle
from sklearn.ensemble import RandomForestClassifier
import os
from sklearn.metrics import classification_report
import warnings
warnings.filterwarnings('ignore')
import seaborn as sns, numpy as np
from scipy.stats import norm
from sklearn.metrics import classification_report
import torch
from torch.autograd import Variable
from sklearn.model_selection import StratifiedKFold,GridSearchCV
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, roc_auc_score ,roc_curve,auc

from sklearn.metrics import accuracy_score



print(os.getcwd())
frame = pd.read_csv('./porto/train.csv')
frame.drop(['id'],axis=1,inplace=True)
print(frame.target[:10])
def gini_score_np(truth, scores):
    truth = np.asarray(truth)
    truth = truth[np.argsort(scores)]
    n_pos = 0
    acc_g = 0
    n_neg_seen = 0
    n = len(truth)
    for i in range(n-1, -1, -1):
        cur = truth[i]
        n_pos += cur
        acc_g += cur * n_neg_seen
        n_neg_seen += 1 - cur
    acc_g = 1 - 2 * acc_g / (n_pos * (n - n_pos))
    return acc_g


def describe_columns(frame):
    data = []
    for f in frame.columns:

        if f == 'target':
            continue
        elif f == 'id':
            role = 'id'
        else:
            role = 'input'


        if 'bin' in f or f == 'target':
            level = 'binary'
        elif 'cat' in f or f == 'id':
            level = 'nominal'
        elif frame[f].dtype == float:
            level = 'interval'
        elif frame[f].dtype == int:
            level = 'ordinal'


        keep = True
        if f == 'id':
            keep = False


        dtype = frame[f].dtype


        col_info = {
            'varname': f,
            'role': role,
            'level': level,
            'keep': keep,
            'dtype': dtype
        }
        data.append(col_info)

    colinfo = pd.DataFrame(data, columns=['varname', 'role', 'level', 'keep', 'dtype'])
    colinfo.set_index('varname', inplace=True)
    return(colinfo)

colinfo=describe_columns(frame)

colinfo.drop(['keep'],axis=1,inplace=True)
colinfo.drop(['role'],axis=1,inplace=True)


# Popular target encoding with noise, used in many good kernals. Target encoding will help not doing one-hot and increasing feature numbers
def gini_for_xgb(p, dmat):
    lbl = dmat.get_label()
    neg_gini = -gini_score_np(lbl, p)
    return [('gini', neg_gini)]


def jitter(ser, amp):
    return ser * (1 + amp * np.random.randn(len(ser)))


def smooth_target_mean(fit_col=None,
                  hold_col=None,
                  target=None,
                  min_leaf=1,
                  smooth=1,
                  amp=0):
    """
    Blend each category mean of the target with the overall mean,
    weighting by how many rows the category has (sigmoid of count).
    fit_col / hold_col: category columns of the fit and holdout rows
    target: label column aligned with fit_col
    min_leaf, smooth: shape of the blending curve; amp: multiplicative noise
    
    """

    assert len(fit_col) == len(target)

    joined = pd.concat([fit_col, target], axis=1)

    stats_tbl = joined.groupby(by=fit_col.name)[target.name].agg(["mean", "count"])

    smooth = 1 / (1 + np.exp(-(stats_tbl["count"] - min_leaf) / smooth))

    global_mean = target.mean()

    stats_tbl[target.name] = global_mean * (1 - smooth) + stats_tbl["mean"] * smooth
    stats_tbl.drop(["mean", "count"], axis=1, inplace=True)

    enc_fit = pd.merge(
        fit_col.to_frame(fit_col.name),
        stats_tbl.reset_index().rename(columns={'index': target.name, target.name: 'average'}),
        on=fit_col.name,
        how='left')['average'].rename(fit_col.name + '_mean').fillna(global_mean)

    enc_fit.index = fit_col.index
    enc_hold = pd.merge(
        hold_col.to_frame(hold_col.name),
        stats_tbl.reset_index().rename(columns={'index': target.name, target.name: 'average'}),
        on=hold_col.name,
        how='left')['average'].rename(fit_col.name + '_mean').fillna(global_mean)

    enc_hold.index = hold_col.index







    return jitter(enc_fit, amp), jitter(enc_hold, amp)




frame = pd.read_csv('./porto/train.csv')
frame.drop(['id'],axis=1,inplace=True)
frame_backup=frame.copy()



frame=frame.iloc[:100000,:]




for col in frame.columns:
    if 'calc' in col: frame.drop(col,axis=1,inplace=True)

colinfo=describe_columns(frame)

colinfo.drop(['keep'],axis=1,inplace=True)
colinfo.drop(['role'],axis=1,inplace=True)

np.shape(frame)

np.shape(frame[colinfo[colinfo.level=='binary'].index].describe())



np.sum(frame.target==1)






n_rows=np.shape(frame)[0]
n_rows


for col in colinfo[colinfo.level=='interval'].index :
    if np.min(frame[col])==-1:
        print(col, 'n_missing', np.sum(frame[col]==-1),'missing, fraction',np.sum(frame[col]==-1)/n_rows ,'' )
        frame[col][frame[col]==-1]=np.mean(frame[col])




print(frame['ps_car_11'].value_counts())
frame['ps_car_11'][frame['ps_car_11']==-1]=3




from scipy import stats

mode_fill_cols=["ps_ind_02_cat","ps_ind_04_cat","ps_ind_05_cat","ps_car_02_cat","ps_car_07_cat","ps_car_09_cat",'ps_car_11']
for col in mode_fill_cols:
    print(col, 'n_missing', np.sum(frame[col]==-1),'missing, fraction',100*np.sum(frame[col]==-1)/n_rows ,'%' )
    frame[col][frame[col]==-1]=stats.mode(frame[col])[0]


frame.drop(["ps_car_03_cat","ps_car_05_cat"],axis=1,inplace=True)






def clip_upper_iqr(frame,col):
    q_lo,q_hi = np.percentile(frame[col],[25,75])
    spread=q_hi-q_lo
    hi_cap=q_hi+1.5*spread
    lo_cap=q_lo-1.5*spread

    print(col, ' n_missing',np.shape(frame[col][frame[col]>hi_cap])[0],' above cap, percent',100*np.shape(frame[col][frame[col]>hi_cap])[0]/n_rows ,'%' )
    frame['ps_reg_02'][frame['ps_reg_02']>hi_cap]=hi_cap

    return(frame)

clip_cols=['ps_reg_02',"ps_reg_03"
,"ps_car_12"
,"ps_car_13"
]
for col in clip_cols:
    frame=clip_upper_iqr(frame,col)

colinfo=describe_columns(frame)



nominal_cols = colinfo[colinfo.level=='nominal'].index
print('columns before one-hot: {}'.format(frame.shape[1]))
wide = pd.get_dummies(frame, columns=nominal_cols, drop_first=True)
print('columns after one-hot: {}'.format(wide.shape[1]))



wide.head()

colinfo=describe_columns(wide)




colinfo=describe_columns(wide)
flag_cols = np.concatenate([ colinfo[colinfo.level=='binary'].index,colinfo[colinfo.level=='nominal'].index ])




from sklearn.preprocessing import StandardScaler
std_scaler = StandardScaler()

wide[colinfo[colinfo.level=='interval'].index] = std_scaler.fit_transform(wide[colinfo[colinfo.level=='interval'].index])




print(np.shape(wide)),wide.target.value_counts()[0]



from sklearn.utils import resample
print(wide.target.value_counts())
neg_rows = wide[wide.target==0]
pos_rows = wide[wide.target==1]


pos_rows_rep = resample(pos_rows,
                                 replace=True,
                                 n_samples=wide.target.value_counts()[0]//2,
                                 random_state=42)


balanced = pd.concat([neg_rows, pos_rows_rep])


balanced.target.value_counts()


wide=balanced
yvec=wide.target
wide=wide.drop(['target'],axis=1)
print(np.shape(wide))


cols_ind=[]
cols_reg=[]
cols_car=[]
for col in wide.columns:
    if 'ind' in col:
        cols_ind.append(col)
    elif 'reg' in col:
        cols_reg.append(col)
    elif 'car' in col:
        cols_car.append(col)

np.shape(cols_ind),np.shape(cols_reg),np.shape(cols_car)

cols_reg

cols_ind_c=[]
cols_ind_n=[]
for f in cols_ind:
    if 'bin' in f or f == 'target':
        cols_ind_c.append(f)
    elif 'cat' in f or f == 'id':
        cols_ind_c.append(f)
    elif frame[f].dtype == float:
        cols_ind_n.append(f)
    elif frame[f].dtype == int:
        cols_ind_n.append(f)


cols_reg_c=[]
cols_reg_n=[]
for f in cols_reg:
    if 'bin' in f or f == 'target':
        cols_reg_c.append(f)
    elif 'cat' in f or f == 'id':
        cols_reg_c.append(f)
    elif frame[f].dtype == float:
        cols_reg_n.append(f)
    elif frame[f].dtype == int:
        cols_reg_n.append(f)


cols_car_c=[]
cols_car_n=[]
for f in cols_car:
    if 'bin' in f or f == 'target':
        cols_car_c.append(f)
    elif 'cat' in f or f == 'id':
        cols_car_c.append(f)
    elif frame[f].dtype == float:
        cols_car_n.append(f)
    elif frame[f].dtype == int:
        cols_car_n.append(f)



col_groups=[np.array(cols_ind_c),np.array(cols_ind_n),np.array(cols_reg_c),np.array(cols_reg_n),np.array(cols_car_c),
     np.array(cols_car_n)]
for col in col_groups:
    print(np.shape(col))

group_names=[str("ind_cols_cat"),str("ind_cols_num"),str("reg_cols_cat"),str("reg_cols_num"),str("car_cols_cat"),
     str("car_cols_num")]
group_names

parts={}
for i in range(len(col_groups)):
    name = group_names[i] +'_df'

    parts[name]=wide[col_groups[i]]


parts.keys()

ind_cat_tbl=parts["ind_cols_cat_df"]
ind_num_tbl=parts["ind_cols_num_df"]
reg_num_tbl=parts["reg_cols_num_df"]
car_cat_tbl=parts["car_cols_cat_df"]
car_num_tbl=parts["car_cols_num_df"]

for col in parts.keys():
    print(col,np.shape(parts[col]))



del parts['reg_cols_cat_df']


from torch.utils.data import Dataset, DataLoader

class GroupedRows(Dataset):
    """Yields the five column groups of one row plus its label."""

    def __init__(self, ind_cat_tbl, ind_num_tbl, reg_num_tbl, car_cat_tbl, car_num_tbl,yvec,type="train",frac=0.85):


        n_rows=np.shape(ind_cat_tbl)[0]
        n_fit=int(frac*n_rows)
        n_hold=int((1-frac)*n_rows)

        if type=="train":
            self.ind_c=ind_cat_tbl.iloc[:n_fit,:]
            self.ind_n=ind_num_tbl.iloc[:n_fit,:]
            self.reg_n=reg_num_tbl.iloc[:n_fit,:]
            self.car_c=car_cat_tbl.iloc[:n_fit,:]
            self.car_n=car_num_tbl.iloc[:n_fit,:]
            self.yvec=yvec[:n_fit]


        else:
            self.ind_c=ind_cat_tbl.iloc[-n_hold:,:]
            self.ind_n=ind_num_tbl.iloc[-n_hold:,:]
            self.reg_n=reg_num_tbl.iloc[-n_hold:,:]
            self.car_c=car_cat_tbl.iloc[-n_hold:,:]
            self.car_n=car_num_tbl.iloc[-n_hold:,:]
            self.yvec=yvec[-n_hold:]

    def __len__(self):
        return np.shape(self.ind_c)[0]

    def __getitem__(self, bi):
        ind_c=torch.tensor(self.ind_c.iloc[bi])
        ind_n=torch.tensor(self.ind_n.iloc[bi])
        reg_n=torch.tensor(self.reg_n.iloc[bi])
        car_c=torch.tensor(self.car_c.iloc[bi])
        car_n=torch.tensor(self.car_n.iloc[bi])

        target=torch.tensor(self.yvec.iloc[bi])

        sample = [ind_c,ind_n,reg_n,car_c,car_n,target]
        return sample


import torch.nn.functional as F

class GroupEmbedMLP(torch.nn.Module):

    def __init__(self,frame):
        super(GroupEmbedMLP, self).__init__()



        emb_sizes=[12,100]
        self.proj_ind = torch.nn.Linear(np.shape(frame['ind_cols_cat_df'])[1], emb_sizes[0])
        self.proj_car = torch.nn.Linear(np.shape(frame['car_cols_cat_df'])[1], emb_sizes[1])


        branch_sizes=[32,128,32]
        self.fc_ind = torch.nn.Linear( emb_sizes[0] + np.shape(frame['ind_cols_num_df'])[1], branch_sizes[0])

        self.fc_car = torch.nn.Linear( emb_sizes[1]+np.shape(frame['car_cols_num_df'])[1], branch_sizes[1])

        self.fc_reg = torch.nn.Linear( np.shape(frame['reg_cols_num_df'])[1], branch_sizes[2])

        hidden=300
        self.fc_joint = torch.nn.Linear(sum(branch_sizes), hidden)
        self.fc_out = torch.nn.Linear(hidden, 1)

        self.drop_a=torch.nn.Dropout(p=0.4)
        self.drop_b=torch.nn.Dropout(p=0.4)
        self.drop_c=torch.nn.Dropout(p=0.4)
        self.drop_d=torch.nn.Dropout(p=0.4)

    def forward(self, ind_cat_tbl, ind_num_tbl, reg_num_tbl, car_cat_tbl, car_num_tbl):

        h_ind = F.tanh(self.proj_ind(ind_cat_tbl))

        z_ind=torch.cat((h_ind,ind_num_tbl.float()),dim=1)


        h_car = F.tanh(self.proj_car(car_cat_tbl))
        z_car=torch.cat((h_car,car_num_tbl),dim=1)


        b1=self.drop_a(F.relu(self.fc_ind(z_ind)))
        b2=self.drop_b(F.relu(self.fc_car(z_car)))
        b3=self.drop_c(F.relu(self.fc_reg(reg_num_tbl)))


        joint=torch.cat((b1,b2,b3),dim=1)

        joint_h=self.drop_d(F.relu(self.fc_joint(joint)))

        logit=self.fc_out(joint_h)

        return(logit)

net=GroupEmbedMLP(parts).cuda()


batch_sz=2*192

fit_set=GroupedRows(ind_cat_tbl, ind_num_tbl, reg_num_tbl, car_cat_tbl, car_num_tbl,yvec)
fit_loader = DataLoader(fit_set, batch_sz, shuffle=True, num_workers=2)

hold_set=GroupedRows(ind_cat_tbl, ind_num_tbl, reg_num_tbl, car_cat_tbl, car_num_tbl,yvec,type='val')
hold_loader = DataLoader(hold_set, batch_sz, shuffle=True, num_workers=2)


phase_loaders={'train':fit_loader,'val': hold_loader}




from torch.optim.lr_scheduler import StepLR

unused_step=1
unused_gamma=0.55

base_lr=0.01
bce = torch.nn.BCELoss()

squash=torch.nn.Sigmoid()

adam = torch.optim.Adam(net.parameters(), lr=base_lr)
lr_sched = StepLR(adam, step_size=2, gamma=0.99)

for bi, mb in enumerate(hold_loader):
    print(bi)
    for col in mb:
        print('in_shape',np.shape(col))

    probe=net(mb[0].float().cuda(),mb[1].float().cuda(),mb[2].float().cuda(),mb[3].float().cuda(),mb[4].float().cuda())

    print(probe.size(),'out_shape')
    break
def rnd2(x): return(round(x,2))

def run_training(mdl,n_ep):
    fit_losses=[]
    hold_losses=[]
    step_fit=0
    step_hold=0
    for epoch in range(n_ep):
        lr_sched.step()
        if (epoch+1)%ckpt_every==0:
                        state = {'train_loss': fit_losses, 'valid_loss':hold_losses,'state_dict': mdl.state_dict(), 'optimizer' : adam.state_dict() }

                        torch.save(state, './porto/ckpt/'+ckpt_prefix+str(epoch)+'V'+str(rnd2(sum(hold_losses)/len(hold_losses))) )

                        print('checkpoint written')

        for col in phase_loaders:
            if col=='train':  mdl.train() ; want_grad=True
            else: mdl.eval() ; want_grad=False

            for bi, mb in enumerate(phase_loaders[col]):
                if col=='train':step_fit+=1
                else:step_hold+=1

                target=Variable(mb[-1]).float().cuda()
                prob=net(mb[0].float().cuda(),mb[1].float().cuda(),mb[2].float().cuda(),mb[3].float().cuda(),mb[4].float().cuda() )
                prob=squash(prob)
                loss=bce(prob,target)



                if col=='train':
                    fit_losses.append(loss.item())
                    loss.backward()
                    adam.step()
                    adam.zero_grad()

                    prob=prob.squeeze(1).detach().cpu().numpy()
                    prob[prob<0.5]=0
                    prob[prob>0.5]=1


                    print(col,'ep',epoch,'it',bi,'avg_loss',sum(fit_losses)/len(fit_losses))
                    tb.add_scalar('loss/fit', loss.item(), step_fit)


                    tb.add_scalar('lr', lr_sched.get_lr()[-1], step_fit)


                else:
                    hold_losses.append(loss.item())
                    tb.add_scalar('loss/holdout', loss.item(), step_hold)

                    prob=prob.squeeze(1).detach().cpu().numpy()
                    prob[prob<0.5]=0
                    prob[prob>0.5]=1
                    print(col,'ep',epoch,'it',bi,'avg_loss',sum(hold_losses)/len(hold_losses),'gini',gini_score_np(target.detach().cpu().numpy(), prob))
    return(mdl,fit_losses,hold_losses)

net,fit_losses,hold_losses=run_training(net,30)