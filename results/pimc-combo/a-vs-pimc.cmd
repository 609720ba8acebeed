java -jar richelieu-b6eb66e.jar match pimc-2p:eval=linear,evalScale=10,millis=10,clock=cpu pimc:millis=10,clock=cpu --pairs 200 --seed 45603 --threads 1 --json results/pimc-combo/a-vs-pimc.json
