import os
import sys
import numpy as np
import torch
import torch.nn.functional
from torch.autograd import Variable
import matplotlib.pyplot as plt
from copy import deepcopy
import matplotlib as mpl
import glob
import xarray as xr
import dask as da
from tqdm import tqdm

sys.path.append("../../../src")
import convlstm


homee = "/data/"
dir_post_proc_data=f"{homee}dws_ulf_getm_2D_depth_avg/experiments_post_proc/lagrangian_simulation_36years/machine_learning_github/Lagrangian_ML/post_proc_data/"
dir_displacement="net_displacement"
dir_interp_wind="wind"

exp="exp2e"
dir_convlstm_model_out="ouput_convlstm_model_data/"
case_train="training"; file_out_train=f"{exp}_train.nc"
case_test="testing"; file_out_test=f"{exp}_test.nc"

dir_dws_bound=f"{homee}dws_ulf_getm_2D_depth_avg/experiments_post_proc/analysis_eulerian_data_36years/data_dws_boundaries/"
file_dws_bound0="dws_boundaries_contour0.nc"
file_grid=f"{homee}dws_ulf_getm_2D_depth_avg/experiments_post_proc/analysis_eulerian_data_36years/data_bathy_grid/"
m2=int(12.42*3600+2)


run_model = True
input_channels = 2
output_channels = 2
hidden_channels = [6, 3, output_channels]
kernel_size = 3
batch_size = 1
num_epochs = 3000
adaptive_learning=True
learning_rate = 0.01
learning_rate_end=0.0025
std_fac=5


print ("Pytorch version {}".format(torch.__version__))
use_cuda = torch.cuda.is_available()
device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
print("Device to be used for computation: {}".format(device))
print(f"{torch.cuda.get_device_name(0)}")


dsb0=xr.open_dataset(dir_dws_bound+file_dws_bound0)
bdr_dws0=dsb0.bdr_dws.values

dsto=xr.open_dataset(file_grid+"DWS200m.2012.v03.nc")
xct0=dsto.xc.min().values/1e3; yct0=dsto.yc.min().values/1e3
mask_topo=dsto.bathymetry.copy(); mask_topo=xr.where(np.isfinite(mask_topo),1,0)

files_displacement=sorted(glob.glob(f'{dir_post_proc_data}{dir_displacement}/*.nc',recursive=True))
dsdis=xr.open_mfdataset(files_displacement,concat_dim="time",parallel='True',chunks={'time': -1},
                      decode_cf=True, decode_times=True)

files_interp_wind=sorted(glob.glob(f'{dir_post_proc_data}{dir_interp_wind}/*.nc',recursive=True))
dswi=xr.open_mfdataset(files_interp_wind,concat_dim="time",parallel='True',chunks={'time': -1},
                      decode_cf=True, decode_times=True)


dsdis_train=dsdis.sel(time=slice("2009-06-01","2011-12-31"))
dx_train,dy_train=da.compute(dsdis_train.dx.values.astype('float32'),dsdis_train.dy.values.astype('float32'))
in_u10_train,in_v10_train=dx_train[0:-1,...],dy_train[0:-1,...]
out_dx_train,out_dy_train=dx_train[1:,...],dy_train[1:,...]
del dx_train,dy_train
times_train=dsdis_train.time[0:-1].values
nt_train,ny,nx=out_dx_train.shape
print(times_train[[0,-1]],out_dx_train.shape)


dsdis_test=dsdis.sel(time=slice("2012-01-01",None))
dx_test,dy_test=da.compute(dsdis_test.dx.values.astype('float32'),dsdis_test.dy.values.astype('float32'))
in_u10_test,in_v10_test=dx_test[0:-1,...],dy_test[0:-1,...]
out_dx_test,out_dy_test=dx_test[1:,...],dy_test[1:,...]
del dx_test,dy_test
times_test=dsdis_test.time[0:-1].values
nt_test,ny,nx=out_dx_test.shape
print(times_test[[0,-1]],out_dx_test.shape)


mask=out_dx_train[0,...]*1.; mask[np.isfinite(mask)]=1.; mask[np.isnan(mask)]=np.nan
xx=dsdis_train.x/1e3; yy=dsdis_train.y/1e3; xx,yy=np.meshgrid(xx,yy)

mask_torch=torch.tensor(np.where(np.isnan(mask),0,1)[np.newaxis,np.newaxis,...]*np.ones((output_channels,ny,nx)))*1.
mask_numpy=mask_torch.numpy()*1.


def standarization(var,fac=3):
    mean=np.nanmean(var)
    std=np.nanstd(var)*fac
    var[np.isnan(var)]=0.
    return ((var-mean)/std),mean,std

def destandarization(var,mean,std):
    return (var*std+mean)


in_u10_train, in_u10_mean_train, in_u10_std_train = standarization(in_u10_train,std_fac)
in_v10_train, in_v10_mean_train, in_v10_std_train = standarization(in_v10_train,std_fac)
out_dx_train, out_dx_mean_train, out_dx_std_train = standarization(out_dx_train,std_fac)
out_dy_train, out_dy_mean_train, out_dy_std_train = standarization(out_dy_train,std_fac)
print("train info:")
print(f"steps={nt_train}; (ny,nx)=({ny},{nx})")
print("input approx output")
print(f"dx_mean, dx_std*{std_fac}, dy_mean, dy_std*{std_fac}:")
print(in_u10_mean_train, in_u10_std_train, in_v10_mean_train, in_v10_std_train)
print()

in_u10_test, in_u10_mean_test, in_u10_std_test = standarization(in_u10_test,std_fac)
in_v10_test, in_v10_mean_test, in_v10_std_test = standarization(in_v10_test,std_fac)
out_dx_test, out_dx_mean_test, out_dx_std_test = standarization(out_dx_test,std_fac)
out_dy_test, out_dy_mean_test, out_dy_std_test = standarization(out_dy_test,std_fac)
print("test info:")
print(f"steps={nt_test}; (ny,nx)=({ny},{nx})")
print("input approx output")
print(f"dx_mean, dx_std*{std_fac}, dy_mean, dy_std*{std_fac}:")
print(in_u10_mean_test, in_u10_std_test, in_v10_mean_test, in_v10_std_test)


if run_model:

    class initialization:
        def __init__(self, masking=False, mask=None):
            self.masking=masking
            self.mask=mask

    class loss_function:

        class mse(initialization):
            def __call__(self, predict=torch.zeros(1), target=torch.zeros(1)):
                if self.masking:
                    loss_val = torch.mean(((predict-target)[self.mask==1])**2)
                else:
                    loss_val = torch.mean((predict-target)**2)
                return loss_val

        class mse_numpy(initialization):
            def __call__(self, predict=np.zeros(1), target=np.zeros(1)):
                if self.masking:
                    loss_val = np.mean(((predict-target)[self.mask==1])**2)
                else:
                    loss_val = np.mean((predict-target)**2)
                return loss_val


    model = convlstm.ConvLSTM(input_channels, hidden_channels, kernel_size).to(device)
    masking=True
    loss_fn = loss_function.mse(masking=masking,mask=mask_torch)
    loss_fn_np = loss_function.mse_numpy(masking=masking,mask=mask_numpy)
    optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate)
    print(model)
    print(loss_fn.__class__.__name__)
    print(optimizer)


def training(epoch,num_epochs,nt,model):

    predict=[]

    model.zero_grad()
    for t in range(nt):

        data_in = torch.tensor(np.stack((in_u10_train[t,...],
                                         in_v10_train[t,...]),axis=0)[np.newaxis,...]).to(device)
        data_out = torch.tensor(np.stack((out_dx_train[t,...],
                                          out_dy_train[t,...]),axis=0)[np.newaxis,...]).to(device)

        predict0, _ = model(data_in, t)

        if t == 0:
            loss0 = loss_fn(predict0, data_out)
            if masking:
                mae0 = np.mean((abs(predict0-data_out).detach().cpu().numpy())[mask_numpy==1])
            else:
                mae0 = np.mean(abs(predict0-data_out).detach().cpu().numpy())
        else:
            loss0 += loss_fn(predict0, data_out)
            if masking:
                mae0 += np.mean((abs(predict0-data_out).detach().cpu().numpy())[mask_numpy==1])
            else:
                mae0 += np.mean(abs(predict0-data_out).detach().cpu().numpy())

    if epoch % 50 == 0: print("Train epoch ", epoch, "; mean(MSE(t)) = ", loss0.item()/nt*std_fac**2, "; mean(MAE(t)) = ", mae0/nt*std_fac)

    optimizer.zero_grad()

    loss0.backward()

    optimizer.step()

    model.zero_grad()

    lr0=optimizer.param_groups[0]["lr"]

    if epoch == num_epochs-1:
        with torch.no_grad():
            for t in range(nt):
                data_in = torch.from_numpy(np.stack((in_u10_train[t,...],
                                                     in_v10_train[t,...]),axis=0)[np.newaxis,...]).to(device)
                predict0, _ = model(data_in, t)
                predict0 = predict0.detach().cpu().numpy()
                predict.append(predict0)
            predict=np.reshape(predict,(nt,output_channels,ny,nx))


    return loss0.item()*1., mae0*1., predict, model, lr0


def testing(epoch,num_epochs,nt,model):
    with torch.no_grad():

        predict=[]
        for t in range(nt):

            data_in = torch.tensor(np.stack((in_u10_test[t,...],
                                             in_v10_test[t,...]),axis=0)[np.newaxis,...],requires_grad=False).to(device)
            predict0, _ = model(data_in, t)
            predict0 = predict0.detach().cpu().numpy()

            data_out = np.stack((out_dx_test[t,...],
                                 out_dy_test[t,...]),axis=0)[np.newaxis,...]
            if t == 0:
                loss0 = loss_fn_np(predict0, data_out)
                if masking:
                    mae0 = np.mean((abs(predict0-data_out))[mask_numpy==1])
                else:
                    mae0 = np.mean(abs(predict0-data_out))
            else:
                loss0 += loss_fn_np(predict0, data_out)
                if masking:
                    mae0 += np.mean((abs(predict0-data_out))[mask_numpy==1])
                else:
                    mae0 += np.mean(abs(predict0-data_out))

        if epoch % 50 == 0: print("Test epoch ", epoch, "; mean(MSE(t)) = ", loss0/nt*std_fac**2, "; mean(MAE(t)) = ", mae0/nt*std_fac)

        if epoch == num_epochs-1:
            for t in range(nt):
                data_in = torch.tensor(np.stack((in_u10_test[t,...],
                                                 in_v10_test[t,...]),axis=0)[np.newaxis,...],requires_grad=False).to(device)
                predict0, _ = model(data_in, t)
                predict0 = predict0.detach().cpu().numpy()
                predict.append(predict0)
            predict=np.reshape(predict,(nt,output_channels,ny,nx))

        return loss0*1., mae0*1., predict

if run_model:

    lr = np.zeros(num_epochs)
    loss_train = np.zeros(num_epochs)
    mae_train = np.zeros(num_epochs)

    loss_test = np.zeros(num_epochs)
    mae_test = np.zeros(num_epochs)


    if adaptive_learning:
        gamma=(learning_rate_end/learning_rate)**(1/(num_epochs-1))
        scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=gamma)

    for epoch in tqdm(range(num_epochs)):
        loss_train[epoch], mae_train[epoch], predict_train, model, lr[epoch] = training(epoch,num_epochs,nt_train,model)
        loss_test[epoch], mae_test[epoch], predict_test = testing(epoch,num_epochs,nt_test,model)
        if adaptive_learning: scheduler.step()


def save_data(case,time,loss,mae,pred,dir_out_nc,file_out_nc,lr=None):

    dsout = xr.Dataset()
    dsout.coords["time"] = time
    dsout["time"].attrs['description'] = f'times every m2'
    dsout.coords["y"] = dsdis_train.y
    dsout["y"].attrs['description'] = 'y-position in meter'
    dsout.coords["x"] = dsdis_train.x
    dsout["x"].attrs['description'] = 'x-position in meter'
    dsout.coords["out_channels"] = np.arange(output_channels)
    dsout.coords["epoch"] = np.arange(num_epochs)
    dsout.attrs["info"] = f"Data created after {case}"
    dsout["predict"] = (("time","out_channels","y","x"),pred)
    dsout["predict"].attrs['long_name'] = 'Standarized prediction for the last epoch'
    dsout["predict"].attrs['units'] = ""
    dsout["loss"] = (("epoch"),loss)
    dsout["loss"].attrs['long_name'] = 'Loss = MSE from standarized prediction'
    dsout["mae"] = (("epoch"),mae)
    dsout["mae"].attrs['long_name'] = 'Mean Absolute error = MAE from standarized prediction'
    if case=="training":
        dsout["lr"] = (("epoch"),lr)
        dsout["lr"].attrs['long_name'] = 'Learning rate'
    dsout.to_netcdf(dir_out_nc+file_out_nc)
    dsout.close(); del dsout
if run_model:
    save_data(case_train,times_train,loss_train,mae_train,predict_train,dir_convlstm_model_out,file_out_train,lr)
    save_data(case_test,times_test,loss_test,mae_test,predict_test,dir_convlstm_model_out,file_out_test)
